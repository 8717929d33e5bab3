import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniformInt, words } from '../math/fair/hmac.ts';
import { FISH_SPECIES, resolveShot, speciesByKey } from '../math/fish/fish.ts';
import { fishVisible, type SeaFish } from '../shared/fish-path.ts';
import type { HouseServices } from '../services.ts';
import { houseTestApp } from '../../test/house-app.ts';

/**
 * Fishing through HTTP against a fake casino that speaks the seamless-wallet protocol: every shot
 * a bet and its captures one win, each paid once under its idempotency key; bad shots refused with
 * a 4xx before any money moves; a balance too low refused; a stranded shot settled after a restart.
 */
let services: HouseServices;
const house = houseTestApp({ HOUSE_GAMES_FISH_RTP_BP: '9600' });
const { casino, call } = house;

beforeAll(async () => {
  ({ services } = await house.start());
});
afterAll(() => house.close());
let launches = 0;
const open = async () =>
  (
    await call<{ token: string; balance: string; game: { kind: string } }>('POST', '/api/session', undefined, {
      launchToken: `launch-fishing-${++launches}`,
    })
  ).body.value;

interface ShotResult {
  roundId: string;
  balance: string;
  win: string;
  stake: string;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
  hits: { fishId: number; species: string; shares: number; captured: boolean; multiplier: number; win: string }[];
}

/** Fish well inside the sea now, cheapest first (the likeliest captures). */
const visibleFish = async (token: string): Promise<SeaFish[]> => {
  const sea = (await call<{ serverNow: number; fish: SeaFish[] }>('GET', '/api/fish/sea', token)).body.value;
  const order = (f: SeaFish) => FISH_SPECIES.findIndex((s) => s.key === f.species);
  // On screen now and still in a second (not one just entering or leaving).
  return sea.fish
    .filter((f) => fishVisible(f, sea.serverNow) && fishVisible(f, sea.serverNow + 1000))
    .sort((a, b) => order(a) - order(b));
};

const balance = () => casino.state.balances.get('7')!;
const callsOf = (roundId: string) =>
  casino.state.calls.filter((c) => c.body.roundId === roundId).map((c) => [c.op, c.body.amount, c.body.transactionId]);

describe('fishing over HTTP', () => {
  it('opens a fishing session and shows its tables and a sea of fish', async () => {
    const s = await open();
    expect(s.game.kind).toBe('fish');
    const view = (
      await call<{ rtpBp: number; bets: string[]; weapons: { key: string; price: number }[] }>(
        'GET',
        '/api/fish',
        s.token,
      )
    ).body.value;
    expect(view.rtpBp).toBe(9600);
    expect(view.weapons.map((w) => [w.key, w.price])).toEqual([
      ['cannon', 1],
      ['bomb', 10],
      ['laser', 20],
    ]);
    expect((await visibleFish(s.token)).length).toBeGreaterThan(0);
  });

  it('takes every shot as a bet and pays its captures once, each under its own key, until a capture', async () => {
    const s = await open();
    const start = balance();
    let captured: ShotResult | null = null;
    const results: ShotResult[] = [];
    for (let i = 0; i < 40 && !captured; i++) {
      const [fish] = await visibleFish(s.token);
      const r = await call<ShotResult>('POST', '/api/fish/shoot', s.token, {
        bet: '100',
        weapon: 'cannon',
        fishIds: [fish!.id],
      });
      expect(r.status).toBe(200);
      results.push(r.body.value);
      if (r.body.value.hits[0]!.captured) captured = r.body.value;
    }
    expect(captured).not.toBeNull();
    for (const r of results) {
      // One bet and one win (zero for a miss) per shot, each transaction id once.
      expect(callsOf(r.roundId)).toEqual([
        ['bet', '100', `${r.roundId}-B`],
        ['win', r.win, `${r.roundId}-W`],
      ]);
      const h = r.hits[0]!;
      expect(r.win).toBe(h.captured ? String(100 * h.multiplier) : '0');
    }
    const paid = results.reduce((a, r) => a + BigInt(r.win), 0n);
    expect(balance()).toBe(start - 100n * BigInt(results.length) + paid);
    expect(results.at(-1)!.balance).toBe(String(balance()));
    // A captured fish has left the sea: shooting it again is refused and charges nothing.
    const before = casino.state.calls.length;
    const again = await call('POST', '/api/fish/shoot', s.token, {
      bet: '100',
      weapon: 'cannon',
      fishIds: [captured!.hits[0]!.fishId],
    });
    expect([again.status, again.body.code]).toEqual([409, 'FISH_GONE']);
    expect(casino.state.calls.length).toBe(before);
    const sea = (await call<{ fish: SeaFish[] }>('GET', '/api/fish/sea', s.token)).body.value;
    expect(sea.fish.map((f) => f.id)).not.toContain(captured!.hits[0]!.fishId);
    // The history lists each shot with what it paid.
    const bets = (
      await call<{ roundId: string; win: string; status: string }[]>('GET', '/api/bets?game=fish&limit=100', s.token)
    ).body.value;
    expect(bets.length).toBe(results.length);
    expect(bets.every((b) => b.status === 'settled')).toBe(true);
  });

  it('a bomb costs ten bets spread over the fish it hits, and each shot recomputes from the revealed seed', async () => {
    const s = await open();
    const fish = (await visibleFish(s.token)).slice(0, 3);
    const before = balance();
    const r = await call<ShotResult>('POST', '/api/fish/shoot', s.token, {
      bet: '50',
      weapon: 'bomb',
      fishIds: fish.map((f) => f.id),
    });
    expect(r.status).toBe(200);
    const shot = r.body.value;
    expect(shot.stake).toBe('500');
    expect(shot.hits.map((h) => h.shares).reduce((a, b) => a + b, 0)).toBe(10);
    expect(balance()).toBe(before - 500n + BigInt(shot.win));
    const rotated = (await call<{ previous: { serverSeed: string } }>('POST', '/api/fair/rotate', s.token, {})).body
      .value;
    const stream = words(rotated.previous.serverSeed, shot.clientSeed, shot.nonce);
    const again = resolveShot(
      { int: (n) => uniformInt(stream, n) },
      { bet: 50n, weapon: 'bomb', targets: shot.hits.map((h) => speciesByKey(h.species)!), rtpBp: 9600 },
    );
    expect(String(again.win)).toBe(shot.win);
    expect(again.hits.map((h) => h.captured)).toEqual(shot.hits.map((h) => h.captured));
  });

  it('refuses bad shots with a 4xx and moves no money', async () => {
    const s = await open();
    const [fish] = await visibleFish(s.token);
    const calls = casino.state.calls.length;
    const bad: [unknown, number, string][] = [
      [{ bet: '7', weapon: 'cannon', fishIds: [fish!.id] }, 400, 'VALIDATION_FAILED'],
      [{ bet: '-100', weapon: 'cannon', fishIds: [fish!.id] }, 400, 'VALIDATION_FAILED'],
      [{ bet: '100', weapon: 'torpedo', fishIds: [fish!.id] }, 400, 'VALIDATION_FAILED'],
      [{ bet: '100', weapon: 'cannon', fishIds: [] }, 400, 'VALIDATION_FAILED'],
      [{ bet: '100', weapon: 'cannon', fishIds: [1, 2] }, 400, 'VALIDATION_FAILED'],
      [{ bet: '100', weapon: 'bomb', fishIds: [fish!.id, fish!.id] }, 400, 'VALIDATION_FAILED'],
      [{ bet: '100', weapon: 'cannon', fishIds: ['x'] }, 400, 'VALIDATION_FAILED'],
      [{ bet: '100', weapon: 'cannon', fishIds: [fish!.id], extra: 1 }, 400, 'VALIDATION_FAILED'],
      [{ bet: '100', weapon: 'cannon', fishIds: [2] }, 409, 'FISH_GONE'],
      [{ bet: '100', weapon: 'cannon', fishIds: [Number.MAX_SAFE_INTEGER - 1] }, 409, 'FISH_GONE'],
      ['not json', 415, 'BAD_REQUEST'],
    ];
    for (const [payload, status, code] of bad) {
      const r = await call('POST', '/api/fish/shoot', s.token, payload);
      expect([r.status, r.body.code], JSON.stringify(payload)).toEqual([status, code]);
    }
    expect((await call('GET', '/api/fish/sea?from=1&to=999999', s.token)).status).toBe(400);
    expect((await call('GET', '/api/fish/sea?from=abc', s.token)).status).toBe(400);
    expect(
      (await call('POST', '/api/fish/shoot', 'no-such-token', { bet: '100', weapon: 'cannon', fishIds: [1] })).status,
    ).toBe(401);
    const slot = (await call<{ token: string }>('POST', '/api/session', undefined, { launchToken: 'launch-slot-99' }))
      .body.value;
    const wrong = await call('GET', '/api/fish', slot.token);
    expect([wrong.status, wrong.body.code]).toEqual([409, 'WRONG_GAME']);
    expect(casino.state.calls.slice(calls).filter((c) => c.op === 'bet' || c.op === 'win')).toEqual([]);
  });

  it('refuses a shot the balance cannot pay, and nothing is settled', async () => {
    const s = await open();
    const [fish] = await visibleFish(s.token);
    casino.state.balances.set('7', 999n);
    const calls = casino.state.calls.length;
    const r = await call('POST', '/api/fish/shoot', s.token, { bet: '100', weapon: 'laser', fishIds: [fish!.id] });
    expect([r.status, r.body.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(casino.state.calls.slice(calls).map((c) => c.op)).toEqual(['bet']);
    expect(balance()).toBe(999n);
    casino.state.balances.set('7', 100_000n);
  });

  it('a win the casino could not take is paid once from the outbox', async () => {
    const s = await open();
    const [fish] = await visibleFish(s.token);
    casino.state.failing.add('win');
    const r = await call<ShotResult & { winPending: boolean }>('POST', '/api/fish/shoot', s.token, {
      bet: '200',
      weapon: 'cannon',
      fishIds: [fish!.id],
    });
    expect(r.body.value.winPending).toBe(true);
    casino.state.failing.clear();
    expect(await services.outbox.drain()).toBe(1);
    expect(await services.outbox.drain()).toBe(0);
    expect(callsOf(r.body.value.roundId)).toEqual([
      ['bet', '200', `${r.body.value.roundId}-B`],
      ['win', r.body.value.win, `${r.body.value.roundId}-W`],
    ]);
  });

  it('settles shots stranded by a restart: an undecided stake refunded, a decided win paid', async () => {
    const s = await open();
    const ses = await services.sessions.resolve(s.token);
    const stake = await services.bets.create({
      owner: `p:${ses.playerId}`,
      sessionId: ses.id,
      game: 'fish',
      gameCode: ses.gameCode,
      amount: 100n,
      currency: 'BRL',
      demo: false,
    });
    const decided = await services.bets.create({
      owner: `p:${ses.playerId}`,
      sessionId: ses.id,
      game: 'fish',
      gameCode: ses.gameCode,
      amount: 100n,
      currency: 'BRL',
      demo: false,
    });
    await services.bets.update(decided.id, { status: 'settling', win: 300n, outcome: { kind: 'fish' } });
    expect(await services.fish.recover(0)).toBe(2);
    expect(await services.fish.recover(0)).toBe(0);
    await services.outbox.drain();
    expect(callsOf(stake.roundId).map((c) => c[0])).toEqual(['rollback']);
    expect(callsOf(decided.roundId)).toEqual([['win', '300', `${decided.roundId}-W`]]);
    expect((await services.bets.byRound(decided.roundId)).status).toBe('settled');
    expect((await services.bets.byRound(stake.roundId)).status).toBe('refunded');
  });
});
