import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken } from './factories/agent.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Tokens never reach a log (decision 051): the request log at `info`, as production writes it, is
 * read back after calls that carry a real session token in every place a token travels.
 */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { logger: { level: 'info', stream: logStream } } });
});
afterAll(() => t.close());

describe('the request log', () => {
  it('holds no token: not from query parameters, token paths or auth headers', async () => {
    const session = await operatorToken(t);
    const launchToken = 'Lk9sZ3x4TWJmR1pQcnVhYmNkZWZnaGlqa2xtbm9wcXJzdHV2';
    const calls = [
      { url: `/wps/system/status?token=${session}&lang=pt-BR` },
      { url: `/?resetToken=${encodeURIComponent(session)}` },
      { url: `/wps/game/launch?launchToken=${session}&Token=${session}` },
      { url: `/provider/launch/${launchToken}` },
      { url: `/provider/launch/${launchToken}?lang=en` },
      { url: '/wps/operator/deposit-channels', headers: { authorization: `Bearer ${session}` } },
      { url: '/wps/system/status', headers: { cookie: `session=${session}`, 'x-api-key': session } },
    ];
    logLines.length = 0;
    for (const c of calls) await t.app.inject({ method: 'GET', ...c });

    const requests = logLines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string } });
    const urls = requests.filter((r) => r.msg === 'incoming request').map((r) => r.req!.url);
    // Every call was logged, with what an operator needs to read it.
    expect(urls).toEqual([
      '/wps/system/status?token=[redacted]&lang=pt-BR',
      '/?resetToken=[redacted]',
      '/wps/game/launch?launchToken=[redacted]&Token=[redacted]',
      '/provider/launch/[redacted]',
      '/provider/launch/[redacted]?lang=en',
      '/wps/operator/deposit-channels',
      '/wps/system/status',
    ]);
    const all = logLines.join('\n');
    expect(all).not.toContain(session);
    expect(all).not.toContain(encodeURIComponent(session));
    expect(all).not.toContain(launchToken);
  });
});
