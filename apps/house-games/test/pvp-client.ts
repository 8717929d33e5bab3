import type { WebSocket } from 'ws';
import type { PvpView } from '../src/shared/pvp-view.ts';
import type { houseTestApp } from './house-app.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A PvP table's socket in a test: every message kept, waits for one, or for a state of the room. */
export interface Client {
  ws: WebSocket;
  got: Record<string, unknown>[];
  send: (m: unknown) => void;
  until: <T = Record<string, unknown>>(pred: (m: Record<string, unknown>) => boolean, ms?: number) => Promise<T>;
  state: (pred: (s: PvpView) => boolean, ms?: number) => Promise<PvpView>;
}

export type App = Awaited<ReturnType<ReturnType<typeof houseTestApp>['start']>>['app'];
/** A socket whose messages are kept from its first one (listening before it opens). */
export const clientOf = async (app: App, url: string): Promise<Client> => {
  const got: Record<string, unknown>[] = [];
  const ws = await app.injectWS(
    url,
    {},
    {
      onInit: (w) => w.on('message', (d) => got.push(JSON.parse(String(d)) as Record<string, unknown>)),
    },
  );
  const until = async <T>(pred: (m: Record<string, unknown>) => boolean, ms = 8000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const hit = got.find(pred);
      if (hit) return hit as T;
      if (Date.now() > end) throw new Error(`no such message; got ${JSON.stringify(got.slice(-3))}`);
      await sleep(20);
    }
  };
  return {
    ws,
    got,
    send: (m) => ws.send(JSON.stringify(m)),
    until,
    state: async (pred, ms) =>
      (
        await until<{ state: PvpView }>(
          (m) => m.type === 'state' && pred((m as unknown as { state: PvpView }).state),
          ms,
        )
      ).state,
  };
};
