import { createHmac } from 'node:crypto';

/**
 * A fake casino that speaks the platform's seamless-wallet protocol and checks our signatures,
 * for house games' integration tests: a real player '7' with a balance, and one free-trial launch
 * ('launch-demo-token-1'). `state` lets a test break it (down, failing operations).
 */
export const SECRET = 'house-games-test-secret-000';

interface Call {
  op: string;
  body: Record<string, unknown>;
}

export const fakeCasino = () => {
  const state = {
    balances: new Map<string, bigint>([['7', 100_000n]]),
    applied: new Map<string, unknown>(),
    calls: [] as Call[],
    down: false,
    /** Operations answered with 503 (the casino is struggling) while listed. */
    failing: new Set<string>(),
    /** Operations answered only once their promise settles (a casino under load, for as long as a test likes). */
    held: new Map<string, Promise<void>>(),
    badSignatures: 0,
  };
  const answer = (status: number, value: unknown, code?: string, message = '') =>
    new Response(JSON.stringify({ success: status === 200, value, message, ...(code ? { code } : {}) }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    if (state.down) throw new TypeError('fetch failed');
    const url = new URL(String(input));
    const op = url.pathname.split('/').pop()!;
    const raw = String(init?.body ?? '');
    const headers = new Headers(init?.headers);
    const ts = headers.get('x-provider-timestamp') ?? '';
    if (createHmac('sha256', SECRET).update(`${ts}.${raw}`).digest('hex') !== headers.get('x-provider-signature')) {
      state.badSignatures++;
      return answer(401, null, 'INVALID_SIGNATURE');
    }
    const body = JSON.parse(raw) as Record<string, string>;
    if (state.failing.has(op)) return answer(503, null, 'UNAVAILABLE');
    await state.held.get(op);
    if (op === 'wins') {
      // Many wins in one call: each applied (and recorded) as a lone `win`, answered in order.
      const results = (body as unknown as { wins: Record<string, string>[] }).wins.map((w) => {
        state.calls.push({ op: 'win', body: w });
        const key = String(w.transactionId);
        if (!state.applied.has(key)) {
          state.balances.set(w.playerId!, (state.balances.get(w.playerId!) ?? 0n) + BigInt(w.amount ?? '0'));
          state.applied.set(key, { balance: String(state.balances.get(w.playerId!) ?? 0n), currency: 'BRL' });
        }
        return { transactionId: key, ok: true, ...(state.applied.get(key) as object) };
      });
      return answer(200, { results });
    }
    state.calls.push({ op, body });
    const bal = (p: string) => state.balances.get(p) ?? 0n;
    if (op === 'authenticate') {
      if (body.launchToken === 'launch-demo-token-1') {
        return answer(200, {
          playerId: 'demo-1',
          sessionToken: 'demo-session',
          currency: 'BRL',
          currencyExponent: 2,
          balance: '0',
          nickname: 'Guest',
          language: 'PT',
          gameCode: 'DICE',
          vassalage: 'BGS',
          demo: true,
          lobbyUrl: null,
        });
      }
      // launch-demo-live:<game code>#<n>: a free-trial (visitor) seat at a live table.
      const demoLive = /^launch-demo-live:([a-z0-9_-]+)#/.exec(body.launchToken ?? '')?.[1];
      if (demoLive) {
        return answer(200, {
          playerId: 'demo-1',
          sessionToken: 'demo-session',
          currency: 'BRL',
          currencyExponent: 2,
          balance: '0',
          nickname: 'Guest',
          language: 'PT',
          gameCode: demoLive,
          vassalage: 'HGS',
          demo: true,
          lobbyUrl: null,
        });
      }
      if (!body.launchToken?.startsWith('launch-')) return answer(401, null, 'INVALID_TOKEN', 'unknown launch token');
      // launch-live:<game code>#<n> opens a live table (its code has dashes of its own).
      const live = /^launch-live:([a-z0-9_-]+)#/.exec(body.launchToken)?.[1];
      // launch-pvp:<game code>:<player id>#<n> opens a PvP title for another real player, with a
      // wallet session of their own.
      const pvp = /^launch-pvp:([a-z0-9_-]+):([0-9]+)#/.exec(body.launchToken);
      const game = pvp?.[1] ?? live ?? body.launchToken.split('-')[1]!.toUpperCase();
      // A trailing @<id> seats another player (default 7).
      const player = pvp?.[2] ?? /@(\d+)$/.exec(body.launchToken)?.[1] ?? '7';
      return answer(200, {
        playerId: player,
        sessionToken: pvp ? `session-${player}` : 'session-7',
        currency: 'BRL',
        currencyExponent: 2,
        balance: String(bal(pvp ? player : '7')),
        nickname: pvp && player !== '7' ? `player${player}` : 'joaozinho',
        language: 'PT',
        gameCode: game === 'SLOT' ? 'HGS_TEST_SLOT' : game,
        vassalage: 'HGS',
        demo: false,
        lobbyUrl: null,
      });
    }
    if (op === 'balance') {
      const player = /^session-([0-9]+)$/.exec(body.sessionToken ?? '')?.[1] ?? '7';
      return answer(200, { balance: String(bal(player)), currency: 'BRL' });
    }
    const key = String(body.transactionId);
    if (state.applied.has(key)) return answer(200, state.applied.get(key));
    const amount = BigInt(body.amount ?? '0');
    if (op === 'bet') {
      if (bal(body.playerId!) < amount)
        return answer(
          409,
          { balance: String(bal(body.playerId!)), currency: 'BRL' },
          'INSUFFICIENT_FUNDS',
          'Insufficient balance',
        );
      state.balances.set(body.playerId!, bal(body.playerId!) - amount);
    } else if (op === 'win') {
      state.balances.set(body.playerId!, bal(body.playerId!) + amount);
    } else if (op === 'rollback') {
      const bet = state.calls.find(
        (c) =>
          c.op === 'bet' &&
          c.body.transactionId === body.betTransactionId &&
          state.applied.has(String(c.body.transactionId)),
      );
      if (bet) state.balances.set(body.playerId!, bal(body.playerId!) + BigInt(String(bet.body.amount)));
    }
    const value = { balance: String(bal(body.playerId!)), currency: 'BRL' };
    state.applied.set(key, value);
    return answer(200, value);
  }) as typeof fetch;
  return { state, fetchImpl };
};
