import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashPoint, roundClientSeed } from '../math/fair/crash.ts';
import { diceRoll } from '../math/fair/dice.ts';
import { hashServerSeed } from '../math/fair/hmac.ts';
import type { HouseServices } from '../services.ts';
import { houseTestApp } from '../../test/house-app.ts';

/**
 * House games as a vendor, against a fake casino that speaks the platform's seamless-wallet
 * protocol (and checks our signatures): sessions, spins, refusals, a casino that stops answering,
 * dice fairness end to end, free-trial money, and a crash round.
 */
let services: HouseServices;
const house = houseTestApp({
  HOUSE_GAMES_CRASH_BETTING_MS: '1000',
  HOUSE_GAMES_CRASH_PAUSE_MS: '500',
  HOUSE_GAMES_CRASH_SPEED: '5000',
  HOUSE_GAMES_DEMO_BALANCE: '5000',
});
const { casino, call, open } = house;

beforeAll(async () => {
  ({ services } = await house.start());
});
afterAll(() => house.close());

describe('sessions', () => {
  it('opens a session from a launch token and refuses an unknown one', async () => {
    const s = await open('launch-slot-1');
    expect(s.game.kind).toBe('slot');
    expect(s.balance).toBe('100000');
    const bad = await call('POST', '/api/session', undefined, { launchToken: 'nope-nope-nope' });
    expect([bad.status, bad.body.code]).toEqual([401, 'LAUNCH_REFUSED']);
    const none = await call('GET', '/api/balance', 'not-a-token');
    expect(none.status).toBe(401);
    expect(casino.state.badSignatures).toBe(0);
  });
});

describe('slots', () => {
  it('debits, plays, credits the outcome’s win and records the round', async () => {
    const s = await open('launch-slot-2');
    const cfg = (await call<{ bets: string[]; lines: number }>('GET', '/api/slot', s.token)).body.value;
    const before = casino.state.balances.get('7')!;
    const r = await call<{ roundId: string; win: string; balance: string; outcome: { win: string } }>(
      'POST',
      '/api/slot/spin',
      s.token,
      { bet: cfg.bets[0] },
    );
    expect(r.status).toBe(200);
    const { roundId, win, balance, outcome } = r.body.value;
    expect(outcome.win).toBe(win);
    expect(BigInt(balance)).toBe(before - BigInt(cfg.bets[0]!) + BigInt(win));
    const ops = casino.state.calls
      .filter((c) => c.body.roundId === roundId)
      .map((c) => [c.op, c.body.amount, c.body.transactionId]);
    expect(ops).toEqual([
      ['bet', cfg.bets[0], `${roundId}-B`],
      ['win', win, `${roundId}-W`],
    ]);
    const bets = (await call<{ roundId: string; status: string }[]>('GET', '/api/bets?game=slot', s.token)).body.value;
    expect(bets[0]).toMatchObject({ roundId, status: 'settled' });
  });

  it('refuses a bet that is not a bet level, and one beyond the balance (nothing settled)', async () => {
    const s = await open('launch-slot-3');
    const odd = await call('POST', '/api/slot/spin', s.token, { bet: '7' });
    expect(odd.body.code).toBe('VALIDATION_FAILED');
    const cfg = (await call<{ bets: string[] }>('GET', '/api/slot', s.token)).body.value;
    casino.state.balances.set('7', 1n);
    const calls = casino.state.calls.length;
    const r = await call('POST', '/api/slot/spin', s.token, { bet: cfg.bets[0] });
    expect([r.status, r.body.code, r.body.value]).toEqual([
      409,
      'INSUFFICIENT_FUNDS',
      { balance: '1', currency: 'BRL' },
    ]);
    expect(casino.state.calls.slice(calls).map((c) => c.op)).toEqual(['bet']);
    casino.state.balances.set('7', 100_000n);
  });

  it('queues a rollback when the casino stops answering a bet, and delivers it later', async () => {
    const s = await open('launch-slot-4');
    const cfg = (await call<{ bets: string[] }>('GET', '/api/slot', s.token)).body.value;
    casino.state.down = true;
    const r = await call('POST', '/api/slot/spin', s.token, { bet: cfg.bets[0] });
    expect([r.status, r.body.code]).toEqual([503, 'PLATFORM_UNAVAILABLE']);
    casino.state.down = false;
    expect(await services.outbox.drain()).toBe(1);
    expect(casino.state.calls.at(-1)).toMatchObject({ op: 'rollback' });
    expect(await services.outbox.drain()).toBe(0);
  });

  it('owes a win the casino could not take, and pays it from the outbox', async () => {
    const s = await open('launch-slot-5');
    const cfg = (await call<{ bets: string[] }>('GET', '/api/slot', s.token)).body.value;
    casino.state.failing.add('win');
    const r = await call<{ winPending: boolean; roundId: string; win: string }>('POST', '/api/slot/spin', s.token, {
      bet: cfg.bets[0],
    });
    expect(r.status).toBe(200);
    expect(r.body.value.winPending).toBe(true);
    casino.state.failing.clear();
    expect(await services.outbox.drain()).toBe(1);
    expect(casino.state.calls.at(-1)).toMatchObject({
      op: 'win',
      body: { roundId: r.body.value.roundId, amount: r.body.value.win },
    });
    const bets = (await call<{ roundId: string; status: string }[]>('GET', '/api/bets?game=slot', s.token)).body.value;
    expect(bets.find((b) => b.roundId === r.body.value.roundId)?.status).toBe('settled');
  });
});

describe('dice: provably fair end to end', () => {
  it('rolls from the committed seed pair, and the revealed seed recomputes every roll', async () => {
    const s = await open('launch-dice-1');
    const fair = (await call<{ serverSeedHash: string; nextNonce: number }>('GET', '/api/fair', s.token)).body.value;
    const set = await call<{ clientSeed: string }>('PUT', '/api/fair/client-seed', s.token, {
      clientSeed: 'my-lucky-seed',
    });
    expect(set.body.value.clientSeed).toBe('my-lucky-seed');
    const committed = (await call<{ serverSeedHash: string; nextNonce: number }>('GET', '/api/fair', s.token)).body
      .value;
    expect(committed.serverSeedHash).not.toBe(fair.serverSeedHash); // setting the client seed starts a new pair
    expect(committed.nextNonce).toBe(0);
    const rolls: { roll: number; nonce: number; won: boolean; win: string; target: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call<{
        roll: number;
        nonce: number;
        won: boolean;
        win: string;
        target: number;
        serverSeedHash: string;
      }>('POST', '/api/dice/roll', s.token, { bet: '100', target: 5000, direction: 'under' });
      expect(r.body.value.serverSeedHash).toBe(committed.serverSeedHash);
      rolls.push(r.body.value);
    }
    expect(rolls.map((r) => r.nonce)).toEqual([0, 1, 2, 3, 4]);
    const rotated = (
      await call<{ previous: { serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number } }>(
        'POST',
        '/api/fair/rotate',
        s.token,
        {},
      )
    ).body.value;
    expect(rotated.previous.serverSeedHash).toBe(committed.serverSeedHash);
    expect(hashServerSeed(rotated.previous.serverSeed)).toBe(committed.serverSeedHash);
    expect(rotated.previous.lastNonce).toBe(4);
    for (const r of rolls) {
      expect(diceRoll(rotated.previous.serverSeed, 'my-lucky-seed', r.nonce)).toBe(r.roll);
      expect(r.won).toBe(r.roll < 5000);
      expect(r.win).toBe(r.won ? '198' : '0');
    }
    const bad = await call('POST', '/api/dice/roll', s.token, { bet: '100', target: 9900, direction: 'under' });
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('plays a free trial with play money and never calls the casino’s wallet', async () => {
    const s = await open('launch-demo-token-1');
    const calls = casino.state.calls.length;
    const r = await call<{ balance: string; win: string }>('POST', '/api/dice/roll', s.token, {
      bet: '1000',
      target: 5000,
      direction: 'over',
    });
    expect(BigInt(r.body.value.balance)).toBe(5000n - 1000n + BigInt(r.body.value.win));
    expect(casino.state.calls.slice(calls).filter((c) => c.op !== 'authenticate')).toEqual([]);
    const broke = await call('POST', '/api/dice/roll', s.token, { bet: '9000000', target: 5000, direction: 'over' });
    expect(broke.body.code).toBe('INSUFFICIENT_FUNDS');
  });
});

describe('crash: shared rounds', () => {
  it('takes a bet while betting is open, settles it when the round crashes, and reveals a verifiable round', async () => {
    await services.crash.start();
    const s = await open('launch-crash-1');
    let state = (
      await call<{ round: { id: number; phase: string; serverSeedHash: string } }>('GET', '/api/crash/state', s.token)
    ).body.value;
    for (let i = 0; i < 50 && state.round.phase !== 'betting'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await call<typeof state>('GET', '/api/crash/state', s.token)).body.value;
    }
    const bet = await call<{ roundId: string; crashRound: number }>('POST', '/api/crash/bet', s.token, {
      bet: '500',
      autoCashout: 101,
    });
    expect(bet.status).toBe(200);
    const twice = await call('POST', '/api/crash/bet', s.token, { bet: '500', autoCashout: 101 });
    expect(twice.body.code).toBe('ALREADY_BET');
    const id = bet.body.value.crashRound;
    type RoundInfo = {
      phase: string;
      serverSeed: string | null;
      salt: string | null;
      betClientSeeds: string[];
      crashPoint: number | null;
      serverSeedHash: string;
    };
    let round = (await call<RoundInfo>('GET', `/api/crash/rounds/${id}`)).body.value;
    for (let i = 0; i < 100 && round.phase !== 'crashed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      round = (await call<RoundInfo>('GET', `/api/crash/rounds/${id}`)).body.value;
    }
    expect(round.phase).toBe('crashed');
    expect(hashServerSeed(round.serverSeed!)).toBe(state.round.serverSeedHash);
    const point = crashPoint(round.serverSeed!, roundClientSeed(round.salt!, round.betClientSeeds), id);
    expect(point).toBe(round.crashPoint);
    await new Promise((r) => setTimeout(r, 300));
    const settled = casino.state.calls.filter((c) => c.body.roundId === bet.body.value.roundId);
    expect(settled.map((c) => c.op)).toEqual(['bet', 'win']);
    expect(settled[1]!.body.amount).toBe(point >= 101 ? '505' : '0');
  });
});
