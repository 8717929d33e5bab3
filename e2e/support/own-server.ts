import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { expect } from '@playwright/test';

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** The caller's environment without the variables a spec sets for its own server. */
export const envWithout = (pattern: RegExp): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !pattern.test(k))) as Record<string, string>;

/**
 * A server of a spec's own (beside the suite's), started with `node args…` in its own process group
 * and awaited until `statusUrl` answers; `stop` ends the whole group.
 */
export const startOwnServer = async (
  args: string[],
  o: { cwd: string; env: Record<string, string>; statusUrl: string },
) => {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: o.cwd,
    env: o.env,
    stdio: 'ignore',
    detached: true,
  });
  await expect
    .poll(
      () =>
        fetch(o.statusUrl).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 240_000, intervals: [1000] },
    )
    .toBe(true);
  return {
    async stop() {
      if (!child.pid) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await new Promise((r) => setTimeout(r, 3000));
    },
  };
};
