import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { hashServerSeed, uniformInt, words } from '../math/fair/hmac.ts';
import { cardOfIndex, dealDeck, rakeOf } from '../math/pvp/niuniu.ts';
import type { PvpRoomListing, PvpView } from '../shared/pvp-view.ts';
import { houseTestApp } from '../../test/house-app.ts';
import { clientOf, type App } from '../../test/pvp-client.ts';
import { SECRET } from '../../test/fake-casino.ts';

/**
 * PvP card rooms through HTTP and the WebSocket against a fake casino speaking the seamless
 * protocol: two real players play a Niu Niu hand that settles exactly once (bet then win each,
 * nets summing to the rake), a dropped player is played by the auto-rule, bots fill seats in the
 * demo without a single wallet call, production refuses bots, and bad input is refused.
 */

describe('PvP card rooms between players (no bots)', () => {
  const house = houseTestApp({
    HOUSE_GAMES_PVP_BOTS: 'off',
    HOUSE_GAMES_PVP_DECISION_MS: '1500',
    HOUSE_GAMES_PVP_START_MS: '100',
    HOUSE_GAMES_PVP_RESULT_MS: '60000',
    HOUSE_GAMES_PVP_RAKE_BP: '500',
  });
  const { casino, call } = house;
  let n = 0;
  const connect = async (player: string) => {
    casino.state.balances.set(player, casino.state.balances.get(player) ?? 100_000n);
    const ses = await house.open(`launch-pvp:crd-niu-niu:${player}#${++n}`);
    expect(ses.game.kind).toBe('pvp');
    return { ses, c: await clientOf(appRef, `/api/pvp/ws?token=${ses.token}`) };
  };
  let appRef: App;

  let outbox: { drain: () => Promise<number> };
  beforeAll(async () => {
    const started = await house.start();
    appRef = started.app;
    outbox = started.services.outbox;
  });
  afterAll(() => house.close());

  it('lists the rooms by game and stake with the seats taken (GLS2_roomList), and refuses a bad query', async () => {
    const res = await call<{ rakeBp: number; bots: boolean; rooms: PvpRoomListing[] }>(
      'GET',
      '/api/pvp/rooms?game=niuniu',
    );
    expect(res.status).toBe(200);
    expect(res.body.value.rakeBp).toBe(500);
    expect(res.body.value.bots).toBe(false);
    expect(res.body.value.rooms.map((r) => [r.id, r.stake, r.seats, r.taken])).toEqual([
      ['niuniu-1', '100', 6, 0],
      ['niuniu-5', '500', 6, 0],
      ['niuniu-20', '2000', 4, 0],
      ['niuniu-100-duel', '10000', 2, 0],
    ]);
    expect((await call('GET', '/api/pvp/rooms?game=poker')).status).toBe(400);
    // The platform asks by catalogue code.
    const byCode = await call<{ rooms: PvpRoomListing[] }>('GET', '/api/pvp/rooms?code=crd-niu-niu&currency=BRL');
    expect(byCode.body.value.rooms).toHaveLength(4);
    expect((await call('GET', '/api/pvp/rooms?code=crd-texas-holdem')).status).toBe(404);
    expect((await call('GET', '/api/pvp/hands/0')).status).toBe(400);
    expect((await call('GET', '/api/pvp/hands/99999')).status).toBe(404);
  });

  it('plays a hand between two players: one bet and one win each, exactly once; nets less the rake; every card recallable', async () => {
    const a = await connect('7');
    const b = await connect('8');
    const before = { a: casino.state.balances.get('7')!, b: casino.state.balances.get('8')! };
    a.c.send({ op: 'sit', room: 'niuniu-1' });
    await a.c.state((s) => s.you !== null);
    b.c.send({ op: 'sit', room: 'niuniu-1' });
    await b.c.state((s) => s.you !== null);
    const listed = (await call<{ rooms: PvpRoomListing[] }>('GET', '/api/pvp/rooms?game=niuniu&currency=BRL')).body
      .value.rooms;
    expect(listed.find((r) => r.id === 'niuniu-1')).toMatchObject({ taken: 2, players: 2, bots: 0 });

    const bidding = await a.c.state((s) => s.phase === 'bidding');
    expect(bidding.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(bidding.serverSeed).toBeNull();
    expect(bidding.seats.filter(Boolean).every((s) => s!.cards === null)).toBe(true);
    a.c.send({ op: 'bid', value: 3 });
    b.c.send({ op: 'bid', value: 1 });
    const betting = await b.c.state((s) => s.phase === 'betting');
    const aSeat = bidding.you!;
    const bSeat = betting.you!;
    expect(betting.banker).toBe(aSeat);
    expect(betting.bid).toBe(3);
    // The banker bets no multiple; a second bid is refused.
    a.c.send({ op: 'multiple', value: 2 });
    await a.c.until((m) => m.type === 'error' && m.code === 'BANKER');
    b.c.send({ op: 'multiple', value: 9 });
    await b.c.until((m) => m.type === 'error' && m.code === 'BAD_MULTIPLE');
    b.c.send({ op: 'multiple', value: 2 });
    const result = await a.c.state((s) => s.phase === 'result');

    // The money: each player's escrow is one bet, what they get back one win; nothing else.
    const mine = (pid: string) => casino.state.calls.filter((c) => c.body.playerId === pid && c.op !== 'authenticate');
    expect(mine('7').map((c) => c.op)).toEqual(['bet', 'win']);
    expect(mine('8').map((c) => c.op)).toEqual(['bet', 'win']);
    const sa = result.seats[aSeat]!;
    const sb = result.seats[bSeat]!;
    // Player escrow: stake × bid × multiple × 5; the banker covers it.
    expect(sb.escrow).toBe(String(100n * 3n * 2n * 5n));
    expect(sa.escrow).toBe(sb.escrow);
    expect(mine('7')[0]!.body.amount).toBe(sa.escrow);
    expect(mine('7')[1]!.body.amount).toBe(sa.payout);
    expect(mine('8')[1]!.body.amount).toBe(sb.payout);
    expect(BigInt(sa.net!) + BigInt(sb.net!)).toBe(0n);
    const winner = BigInt(sa.net!) > 0n ? sa : sb;
    expect(BigInt(winner.rake!)).toBe(rakeOf(BigInt(winner.net!), 500));
    expect(BigInt(winner.rake!)).toBeGreaterThan(0n);
    expect(casino.state.balances.get('7')! - before.a).toBe(BigInt(sa.net!) - BigInt(sa.rake!));
    expect(casino.state.balances.get('8')! - before.b).toBe(BigInt(sb.net!) - BigInt(sb.rake!));
    // The win the banker's duel decides: stake × bid × multiple × the winner's hand multiplier.
    expect(BigInt(winner.net!)).toBe(100n * 3n * 2n * BigInt(winner.multiplier!));

    // Provably fair: the revealed seed hashes to the one shown before the bids, and deals these cards.
    expect(hashServerSeed(result.serverSeed!)).toBe(bidding.serverSeedHash);
    const stream = words(result.serverSeed!, result.clientSeed!, 0);
    const dealt = dealDeck((k) => uniformInt(stream, k), 10).map(cardOfIndex);
    const order = [aSeat, bSeat].sort((x, y) => x - y);
    expect([...result.seats[order[0]!]!.cards!, ...result.seats[order[1]!]!.cards!]).toEqual(dealt);

    // Recallable: the bet history holds the whole hand; the hand itself by id.
    const hist = await call<{ game: string; outcome: { hand: { seats: { cards: unknown[] }[]; handId: number } } }[]>(
      'GET',
      '/api/bets?game=pvp',
      a.ses.token,
    );
    expect(hist.body.value[0]!.outcome.hand.handId).toBe(result.handId);
    expect(hist.body.value[0]!.outcome.hand.seats.map((s) => s.cards.length)).toEqual([5, 5]);
    const past = await call<{ phase: string; record: { serverSeed: string } }>(
      'GET',
      `/api/pvp/hands/${result.handId}`,
    );
    expect(past.body.value.phase).toBe('settled');
    expect(past.body.value.record.serverSeed).toBe(result.serverSeed);

    a.c.send({ op: 'leave' });
    b.c.send({ op: 'leave' });
    await a.c.until((m) => m.type === 'left');
    await b.c.until((m) => m.type === 'left');
    a.c.ws.terminate();
    b.c.ws.terminate();
  });

  it('plays a dropped player by the auto-rule (no bid, ×1) and settles their hand once', async () => {
    const a = await connect('7');
    const b = await connect('9');
    a.c.send({ op: 'sit', room: 'niuniu-5' });
    await a.c.state((s) => s.you !== null);
    b.c.send({ op: 'sit', room: 'niuniu-5' });
    await b.c.state((s) => s.phase === 'bidding');
    b.c.ws.terminate(); // the player drops mid-hand
    a.c.send({ op: 'bid', value: 1 });
    const betting = await a.c.state((s) => s.phase === 'betting');
    const dropped = betting.seats.find((s) => s && !s.you)!;
    expect(dropped).toMatchObject({ connected: false, bid: 0, auto: true });
    expect(betting.banker).toBe(betting.you);
    const result = await a.c.state((s) => s.phase === 'result');
    const d = result.seats[dropped.seat]!;
    expect(d).toMatchObject({ multiple: 1, auto: true });
    expect(d.cards).toHaveLength(5);
    const calls = casino.state.calls.filter((c) => c.body.playerId === '9' && c.op !== 'authenticate');
    expect(calls.map((c) => c.op)).toEqual(['bet', 'win']);
    expect(calls[1]!.body.amount).toBe(d.payout);
    expect(calls[0]!.body.transactionId).toMatch(/-B$/);
    expect(calls[1]!.body.transactionId).toBe(String(calls[0]!.body.transactionId).replace(/-B$/, '-W'));
    a.c.send({ op: 'leave' });
    a.c.ws.terminate();
  });

  it('calls a hand off when a stake is refused, refunding every stake already taken', async () => {
    casino.state.balances.set('10', 300_000n);
    casino.state.balances.set('11', 300_000n);
    const a = await connect('10');
    const b = await connect('11');
    a.c.send({ op: 'sit', room: 'niuniu-20' });
    await a.c.state((s) => s.you !== null);
    b.c.send({ op: 'sit', room: 'niuniu-20' });
    await b.c.state((s) => s.phase === 'bidding');
    // Player 11 spends the money elsewhere before the stakes are taken.
    casino.state.balances.set('11', 0n);
    a.c.send({ op: 'bid', value: 1 });
    b.c.send({ op: 'bid', value: 0 });
    await a.c.state((s) => s.phase === 'betting');
    b.c.send({ op: 'multiple', value: 1 });
    const off = await a.c.state((s) => s.notice !== null && s.phase !== 'dealing');
    expect(off.notice).toMatch(/called off/);
    await outbox.drain();
    const ops = (pid: string) =>
      casino.state.calls.filter((c) => c.body.playerId === pid && c.op !== 'authenticate').map((c) => c.op);
    expect(ops('10')).toEqual(['bet', 'rollback']);
    expect(ops('11')).toEqual(['bet']); // refused: nothing taken, nothing to give back
    expect(casino.state.balances.get('10')).toBe(300_000n);
    const hist = await call<{ status: string }[]>('GET', '/api/bets?game=pvp', a.ses.token);
    expect(hist.body.value[0]!.status).toBe('refunded');
    a.c.ws.terminate();
    b.c.ws.terminate();
  });

  it('refuses what a player may not do, with clear codes', async () => {
    const a = await connect('7');
    a.c.send({ op: 'bid', value: 1 });
    await a.c.until((m) => m.type === 'error' && m.code === 'NOT_SEATED');
    a.c.send({ op: 'sit', room: 'nowhere' });
    await a.c.until((m) => m.type === 'error' && m.code === 'NO_ROOM');
    a.c.ws.send('not json');
    await a.c.until((m) => m.type === 'error' && m.code === 'VALIDATION_FAILED');
    // 100.00 duel needs 10,000.00 of cover; player 7 has less.
    a.c.send({ op: 'sit', room: 'niuniu-100-duel' });
    await a.c.until((m) => m.type === 'error' && m.code === 'INSUFFICIENT_FUNDS');
    a.c.ws.terminate();
    const bad = await clientOf(appRef, '/api/pvp/ws?token=nope');
    await bad.until((m) => m.type === 'error' && m.code === 'NO_SESSION');
  });
});

describe("PvP rooms and the casino's reality check", () => {
  const house = houseTestApp({
    HOUSE_GAMES_PVP_BOTS: 'off',
    HOUSE_GAMES_PVP_DECISION_MS: '1500',
    HOUSE_GAMES_PVP_START_MS: '1000',
    HOUSE_GAMES_PVP_RESULT_MS: '300',
    HOUSE_GAMES_PVP_RAKE_BP: '500',
  });
  const { casino, call } = house;
  let appRef: App;
  beforeAll(async () => {
    appRef = (await house.start()).app;
  });
  afterAll(() => house.close());
  const connect = async (player: string, code = 'crd-niu-niu') => {
    casino.state.balances.set(player, 100_000n);
    const ses = await house.open(`launch-pvp:${code}:${player}#1`);
    return { ses, c: await clientOf(appRef, `/api/pvp/ws?token=${ses.token}`) };
  };
  const money = (pid: string) =>
    casino.state.calls.filter((c) => c.body.playerId === pid && c.op !== 'authenticate').map((c) => c.op);

  it('sits a paused player out (seat kept, shown paused, no stake), finishes their running hand by the auto-rule, deals them in after "continue", and releases the seat when they stop', async () => {
    const a = await connect('31');
    const b = await connect('32');
    const c = await connect('33');
    for (const x of [a, b, c]) {
      x.c.send({ op: 'sit', room: 'niuniu-1' });
      await x.c.state((s) => s.you !== null);
    }
    const cSeat = (await c.c.state((s) => s.you !== null)).you!;
    // A and B play each hand at once: A bids for the bank, B bets ×1.
    const play = async (hand: number) => {
      a.c.send({ op: 'bid', value: 1 });
      b.c.send({ op: 'bid', value: 0 });
      await b.c.state((s) => s.handId === hand && s.phase === 'betting');
      b.c.send({ op: 'multiple', value: 1 });
      return a.c.state((s) => s.handId === hand && s.phase === 'result');
    };

    // Hand 1, all three in; C's reality check opens mid-hand: the auto-rule finishes it (no bid,
    // ×1), as for a drop, and its stake and win go through as for anyone's.
    const h1 = (await a.c.state((s) => s.phase === 'bidding' && s.seats.filter((x) => x?.inHand).length === 3)).handId!;
    c.c.send({ op: 'pause' });
    await a.c.state((s) => s.handId === h1 && !!s.seats[cSeat]?.paused && s.seats[cSeat]?.bid === 0);
    const r1 = await play(h1);
    expect(r1.seats[cSeat]).toMatchObject({ paused: true, inHand: true, bid: 0, multiple: 1, auto: true });
    expect(r1.seats[cSeat]!.cards).toHaveLength(5);
    expect(money('33')).toEqual(['bet', 'win']);

    // Hand 2 deals A and B only: C keeps the seat, shown paused to the others, and stakes nothing.
    const bidding2 = await a.c.state((s) => s.phase === 'bidding' && (s.handId ?? 0) > h1);
    const h2 = bidding2.handId!;
    expect(bidding2.seats[cSeat]).toMatchObject({ name: expect.any(String), paused: true, inHand: false });
    expect(bidding2.seats.filter((x) => x?.inHand)).toHaveLength(2);
    expect(
      (await call<{ rooms: PvpRoomListing[] }>('GET', '/api/pvp/rooms?game=niuniu&currency=BRL')).body.value.rooms.find(
        (r) => r.id === 'niuniu-1',
      ),
    ).toMatchObject({ taken: 3, players: 3 });
    // A paused player has no say in a hand they sit out.
    c.c.send({ op: 'bid', value: 2 });
    await c.c.until((m) => m.type === 'error' && m.code === 'NOT_SEATED');
    // "Continue" during hand 2: dealt in from the next hand.
    c.c.send({ op: 'resume' });
    await a.c.state((s) => s.handId === h2 && s.seats[cSeat]?.paused === false && !s.seats[cSeat]!.inHand);
    const r2 = await play(h2);
    expect(r2.seats[cSeat]).toMatchObject({ inHand: false, cards: null, escrow: null });
    expect(money('33')).toEqual(['bet', 'win']);

    // Hand 3 deals C in again; C bids and bets for themselves.
    const h3 = (await c.c.state((s) => s.phase === 'bidding' && (s.handId ?? 0) > h2 && !!s.seats[cSeat]?.inHand))
      .handId!;
    expect(h3).toBeGreaterThan(h2);
    c.c.send({ op: 'bid', value: 0 });
    a.c.send({ op: 'bid', value: 1 });
    b.c.send({ op: 'bid', value: 0 });
    await c.c.state((s) => s.handId === h3 && s.phase === 'betting');
    c.c.send({ op: 'multiple', value: 3 });
    b.c.send({ op: 'multiple', value: 1 });
    const r3 = await a.c.state((s) => s.handId === h3 && s.phase === 'result');
    expect(r3.seats[cSeat]).toMatchObject({ inHand: true, multiple: 3, auto: false, paused: false });
    expect(money('33')).toEqual(['bet', 'win', 'bet', 'win']);

    // The check opens again between hands, and C stops (the casino closes the game): the seat is
    // released at once, and the next hands go on without them and without their money.
    c.c.send({ op: 'pause' });
    const h4 = (await a.c.state((s) => s.phase === 'bidding' && (s.handId ?? 0) > h3 && !!s.seats[cSeat]?.paused))
      .handId!;
    expect(money('33')).toEqual(['bet', 'win', 'bet', 'win']);
    c.c.ws.terminate();
    const gone = await a.c.state((s) => s.handId === h4 && s.seats[cSeat] === null);
    expect(gone.seats.filter(Boolean)).toHaveLength(2);
    await play(h4);
    expect(money('33')).toEqual(['bet', 'win', 'bet', 'win']);
    a.c.ws.terminate();
    b.c.ws.terminate();
  });

  it('packs a Teen Patti player whose reality check opens mid-hand, and deals them no new hand while it is open', async () => {
    const a = await connect('41', 'crd-teen-patti');
    const b = await connect('42', 'crd-teen-patti');
    for (const x of [a, b]) {
      x.c.send({ op: 'sit', room: 'teenpatti-1' });
      await x.c.state((s) => s.you !== null);
    }
    const bSeat = (await b.c.state((s) => s.you !== null)).you!;
    const h1 = (await a.c.state((s) => s.phase === 'playing')).handId!;
    b.c.send({ op: 'pause' });
    // B packs (the auto-rule), so A takes the pot; B paid their boot only.
    const r1 = await a.c.state((s) => s.handId === h1 && s.phase === 'result');
    expect(r1.seats[bSeat]).toMatchObject({ paused: true, packed: true, auto: true });
    expect(money('42')).toEqual(['bet', 'win']);
    // With B paused, A is alone: no hand starts, and nothing more is staked.
    const waiting = await a.c.state((s) => s.phase === 'waiting' && s.handId === h1);
    expect(waiting.seats[bSeat]).toMatchObject({ paused: true, inHand: false });
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      a.c.got.filter(
        (m) =>
          m.type === 'state' &&
          (m as { state: PvpView }).state.phase === 'starting' &&
          (m as { state: PvpView }).state.handId === h1,
      ),
    ).toHaveLength(0);
    expect(money('42')).toEqual(['bet', 'win']);
    expect(money('41')).toEqual(['bet', 'win']);
    // "Continue": the next hand deals both.
    b.c.send({ op: 'resume' });
    await b.c.state((s) => s.phase === 'playing' && (s.handId ?? 0) > h1 && !!s.seats[bSeat]?.inHand);
    a.c.ws.terminate();
    b.c.ws.terminate();
  });
});

describe('PvP bots (demo only)', () => {
  const house = houseTestApp({
    HOUSE_GAMES_PVP_BOTS: 'on',
    HOUSE_GAMES_PVP_DECISION_MS: '1500',
    HOUSE_GAMES_PVP_START_MS: '100',
    HOUSE_GAMES_PVP_RESULT_MS: '60000',
  });
  const { casino } = house;
  let appRef: App;
  beforeAll(async () => {
    appRef = (await house.start()).app;
  });
  afterAll(() => house.close());

  it('fills seats with marked bots whose stakes never reach the casino', async () => {
    const ses = await house.open('launch-pvp:crd-niu-niu:7#1');
    const c = await clientOf(appRef, `/api/pvp/ws?token=${ses.token}`);
    c.send({ op: 'sit', room: 'niuniu-1' });
    const seated = await c.state((s) => s.you !== null);
    expect(seated.bots).toBe(true);
    expect(seated.seats.filter((s) => s?.bot).length).toBe(2);
    expect(seated.seats.filter((s) => s?.bot).every((s) => s!.name.startsWith('Bot '))).toBe(true);
    await c.state((s) => s.phase === 'bidding');
    c.send({ op: 'bid', value: 0 });
    await c.state((s) => s.phase === 'betting');
    c.send({ op: 'multiple', value: 1 });
    const result = await c.state((s) => s.phase === 'result');
    const me = result.seats[result.you!]!;
    const calls = casino.state.calls.filter((x) => x.op === 'bet' || x.op === 'win');
    expect(calls.map((x) => [x.op, x.body.playerId])).toEqual([
      ['bet', '7'],
      ['win', '7'],
    ]);
    expect(calls[1]!.body.amount).toBe(me.payout);
    c.ws.terminate();
  });

  it('is refused in production, where the default is no bots', () => {
    const prod = {
      NODE_ENV: 'production',
      HOUSE_GAMES_SECRET: SECRET,
      HOUSE_GAMES_HOST: '127.0.0.1',
      HOUSE_GAMES_PLATFORM_URL: 'https://casino.example',
    };
    expect(() => loadConfig({ ...prod, HOUSE_GAMES_PVP_BOTS: 'on' })).toThrow(/HOUSE_GAMES_PVP_BOTS/);
    expect(loadConfig(prod).HOUSE_GAMES_PVP_BOTS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).HOUSE_GAMES_PVP_BOTS).toBe(true);
  });
});
