import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashServerSeed, uniformInt, words } from '../math/fair/hmac.ts';
import { cardOfIndex, dealDeck, rakeOf } from '../math/pvp/niuniu.ts';
import { compareTeen, rankTeen, sideshowLoser, teenExposure } from '../math/pvp/teenpatti.ts';
import type { PvpRoomListing } from '../shared/pvp-view.ts';
import { houseTestApp } from '../../test/house-app.ts';
import { clientOf, type App } from '../../test/pvp-client.ts';

/**
 * Teen Patti rooms through HTTP and the WebSocket against a fake casino speaking the seamless
 * protocol: two real players boot, chaal, raise and show; a pack ends a hand; a dropped player
 * packs by the auto-rule; each seat's stake and win reach the casino exactly once, the balances
 * move by share − put − rake, and bots (demo) never reach the casino.
 */

const env = {
  HOUSE_GAMES_PVP_DECISION_MS: '3000',
  HOUSE_GAMES_PVP_START_MS: '100',
  HOUSE_GAMES_PVP_RESULT_MS: '60000',
  HOUSE_GAMES_PVP_RAKE_BP: '500',
};

describe('Teen Patti rooms between players (no bots)', () => {
  const house = houseTestApp({ ...env, HOUSE_GAMES_PVP_BOTS: 'off' });
  const { casino, call } = house;
  let n = 0;
  let appRef: App;
  const connect = async (player: string) => {
    casino.state.balances.set(player, casino.state.balances.get(player) ?? 100_000n);
    const ses = await house.open(`launch-pvp:crd-teen-patti:${player}#${++n}`);
    expect(ses.game.kind).toBe('pvp');
    return { ses, c: await clientOf(appRef, `/api/pvp/ws?token=${ses.token}`) };
  };
  const ops = (pid: string) => casino.state.calls.filter((c) => c.body.playerId === pid && c.op !== 'authenticate');
  beforeAll(async () => {
    appRef = (await house.start()).app;
  });
  afterAll(() => house.close());

  it('lists the Teen Patti rooms by stake (GLS2_roomList by catalogue code)', async () => {
    const res = await call<{ rooms: PvpRoomListing[] }>('GET', '/api/pvp/rooms?code=crd-teen-patti&currency=BRL');
    expect(res.status).toBe(200);
    expect(res.body.value.rooms.map((r) => [r.id, r.game, r.stake, r.seats])).toEqual([
      ['teenpatti-1', 'teenpatti', '100', 6],
      ['teenpatti-5', 'teenpatti', '500', 5],
      ['teenpatti-20-duel', 'teenpatti', '2000', 2],
    ]);
    expect((await call('GET', '/api/pvp/rooms?game=teenpatti')).status).toBe(200);
  });

  it('plays a hand: boot, blind chaal, see, raise, show; one bet and one win each, exactly once', async () => {
    const a = await connect('7');
    const b = await connect('8');
    const before = { a: casino.state.balances.get('7')!, b: casino.state.balances.get('8')! };
    a.c.send({ op: 'sit', room: 'teenpatti-1' });
    await a.c.state((s) => s.you !== null);
    b.c.send({ op: 'sit', room: 'teenpatti-1' });
    const playing = await b.c.state((s) => s.phase === 'playing');
    expect(playing.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(playing.serverSeed).toBeNull();
    expect(playing.teen).toMatchObject({ boot: '100', pot: '200', unit: '100' });
    // Nobody sees a card before looking.
    expect(playing.seats.filter(Boolean).every((s) => s!.cards === null)).toBe(true);
    const first = playing.teen!.turn!;
    const [p1, p2] = first === playing.you ? [b, a] : [a, b];

    // Out of turn: refused. Niu Niu's ops: refused.
    p2.c.send({ op: 'chaal' });
    await p2.c.until((m) => m.type === 'error' && m.code === 'NOT_YOUR_TURN');
    p1.c.send({ op: 'bid', value: 1 });
    await p1.c.until((m) => m.type === 'error' && m.code === 'WRONG_GAME');

    // p1 blind chaal: 1 × 100.
    p1.c.send({ op: 'chaal' });
    await p2.c.state((s) => s.teen!.pot === '300' && s.teen!.turn === s.you);
    // p2 looks, then raises as a seen player: the unit doubles to 200, the raise costs 4 × 100 = 400.
    p2.c.send({ op: 'see' });
    const seen = await p2.c.state((s) => s.seats[s.you!]!.seen === true);
    expect(seen.seats[seen.you!]!.cards).toHaveLength(3);
    expect(seen.teen!.chaal).toBe('200');
    expect(seen.teen!.raise).toBe('400');
    // Two left: the show is offered, at the chaal's price.
    expect(seen.teen!.show).toBe('200');
    p2.c.send({ op: 'raise' });
    const after = await p1.c.state((s) => s.teen!.pot === '700');
    expect(after.teen!.unit).toBe('200');
    // The other player still sees p2's cards face down.
    expect(after.seats.find((s) => s && !s.you)!.cards).toBeNull();
    // p1, still blind, asks for the show at 1 × 200.
    p1.c.send({ op: 'show' });
    const result = await p1.c.state((s) => s.phase === 'result');
    expect(result.teen!.pot).toBe('900');

    const seats = result.seats.filter((s) => s?.inHand).map((s) => s!);
    // p1: boot 100 + blind chaal 100 + blind show 200; p2: boot 100 + seen raise 400.
    const s1 = seats.find((s) => s.put === '400')!;
    const s2 = seats.find((s) => s.put === '500')!;
    expect(s1 && s2).toBeTruthy();
    expect(s1.seen).toBe(false);
    expect(s2.seen).toBe(true);
    const h1 = rankTeen(s1.cards!);
    const h2 = rankTeen(s2.cards!);
    const cmp = compareTeen(h1, h2);
    const share1 = cmp > 0 ? 900n : cmp < 0 ? 0n : 450n;
    expect(BigInt(s1.net!)).toBe(share1 - 400n);
    expect(BigInt(s2.net!)).toBe(900n - share1 - 500n);
    expect(BigInt(s1.net!) + BigInt(s2.net!)).toBe(0n);
    for (const s of seats) expect(BigInt(s.rake!)).toBe(rakeOf(BigInt(s.net!), 500));

    // The money: one bet of the worst case, one win of what is left, for each player.
    for (const [pid, s, was] of [
      ['7', seats.find((x) => x.name === 'joaozinho')!, before.a],
      ['8', seats.find((x) => x.name === 'player8')!, before.b],
    ] as const) {
      const calls = ops(pid);
      expect(calls.map((c) => c.op)).toEqual(['bet', 'win']);
      expect(calls[0]!.body.amount).toBe(String(teenExposure(100n)));
      expect(calls[1]!.body.amount).toBe(s.payout);
      expect(calls[1]!.body.transactionId).toBe(String(calls[0]!.body.transactionId).replace(/-B$/, '-W'));
      expect(casino.state.balances.get(pid)! - was).toBe(BigInt(s.net!) - BigInt(s.rake!));
    }

    // Provably fair: the seed hashes to the one shown first and deals these cards in seat order.
    expect(hashServerSeed(result.serverSeed!)).toBe(playing.serverSeedHash);
    const stream = words(result.serverSeed!, result.clientSeed!, 0);
    const dealt = dealDeck((k) => uniformInt(stream, k), 6).map(cardOfIndex);
    const ordered = [...seats].sort((x, y) => x.seat - y.seat);
    expect([...ordered[0]!.cards!, ...ordered[1]!.cards!]).toEqual(dealt);

    // Recallable from the bet history with every card.
    const hist = await call<{ outcome: { hand: { handId: number; seats: { cards: unknown[] }[] } } }[]>(
      'GET',
      '/api/bets?game=pvp',
      a.ses.token,
    );
    expect(hist.body.value[0]!.outcome.hand.handId).toBe(result.handId);
    expect(hist.body.value[0]!.outcome.hand.seats.map((s) => s.cards.length)).toEqual([3, 3]);

    a.c.send({ op: 'leave' });
    b.c.send({ op: 'leave' });
    await a.c.until((m) => m.type === 'left');
    await b.c.until((m) => m.type === 'left');
    a.c.ws.terminate();
    b.c.ws.terminate();
  });

  it('ends the hand when a player packs: the other takes the pot, less the rake', async () => {
    const a = await connect('12');
    const b = await connect('13');
    a.c.send({ op: 'sit', room: 'teenpatti-5' });
    await a.c.state((s) => s.you !== null);
    b.c.send({ op: 'sit', room: 'teenpatti-5' });
    await b.c.state((s) => s.phase === 'playing');
    a.c.send({ op: 'pack' });
    const result = await b.c.state((s) => s.phase === 'result');
    const mine = result.seats[result.you!]!;
    const theirs = result.seats.find((s) => s?.inHand && !s.you)!;
    expect(theirs.packed).toBe(true);
    expect(mine.winner).toBe(true);
    expect(mine.net).toBe('500');
    expect(mine.rake).toBe('25');
    expect(theirs.net).toBe('-500');
    expect(ops('13').map((c) => c.op)).toEqual(['bet', 'win']);
    expect(ops('12').map((c) => c.op)).toEqual(['bet', 'win']);
    expect(casino.state.balances.get('13')).toBe(100_000n + 475n);
    expect(casino.state.balances.get('12')).toBe(100_000n - 500n);
    a.c.ws.terminate();
    b.c.ws.terminate();
  });

  it('packs a dropped player by the auto-rule and settles their hand once', async () => {
    const a = await connect('14');
    const b = await connect('15');
    a.c.send({ op: 'sit', room: 'teenpatti-20-duel' });
    await a.c.state((s) => s.you !== null);
    b.c.send({ op: 'sit', room: 'teenpatti-20-duel' });
    await b.c.state((s) => s.phase === 'playing');
    b.c.ws.terminate(); // drops mid-hand
    const result = await a.c.state((s) => s.phase === 'result');
    const d = result.seats.find((s) => s?.inHand && !s.you)!;
    expect(d).toMatchObject({ packed: true, auto: true, connected: false, net: '-2000' });
    expect(d.cards).toHaveLength(3);
    const calls = ops('15');
    expect(calls.map((c) => c.op)).toEqual(['bet', 'win']);
    expect(calls[1]!.body.amount).toBe(String(teenExposure(2000n) - 2000n));
    expect(casino.state.balances.get('14')).toBe(100_000n + 2000n - 100n);
    a.c.ws.terminate();
  });
});

describe('Teen Patti seat timer', () => {
  const house = houseTestApp({ ...env, HOUSE_GAMES_PVP_DECISION_MS: '1000', HOUSE_GAMES_PVP_BOTS: 'off' });
  const { casino } = house;
  let appRef: App;
  beforeAll(async () => {
    appRef = (await house.start()).app;
  });
  afterAll(() => house.close());

  it('packs a player whose seat timer runs out (the auto-rule)', async () => {
    const open = async (pid: string, k: number) => {
      casino.state.balances.set(pid, 100_000n);
      const ses = await house.open(`launch-pvp:crd-teen-patti:${pid}#${k}`);
      return clientOf(appRef, `/api/pvp/ws?token=${ses.token}`);
    };
    const a = await open('16', 1);
    const b = await open('17', 2);
    a.send({ op: 'sit', room: 'teenpatti-1' });
    await a.state((s) => s.you !== null);
    b.send({ op: 'sit', room: 'teenpatti-1' });
    const playing = await b.state((s) => s.phase === 'playing');
    const result = await a.state((s) => s.phase === 'result', 5000);
    const timedOut = result.seats[playing.teen!.turn!]!;
    expect(timedOut).toMatchObject({ packed: true, auto: true, connected: true, net: '-100' });
    a.ws.terminate();
    b.ws.terminate();
  });
});

describe('Teen Patti sideshow (three players)', () => {
  const house = houseTestApp({ ...env, HOUSE_GAMES_PVP_START_MS: '1500', HOUSE_GAMES_PVP_BOTS: 'off' });
  const { casino, call } = house;
  let appRef: App;
  beforeAll(async () => {
    appRef = (await house.start()).app;
  });
  afterAll(() => house.close());

  it('a seen player asks the seen player before them; a timeout refuses, an accept packs the worse hand', async () => {
    const open = async (pid: string, k: number) => {
      casino.state.balances.set(pid, 100_000n);
      const ses = await house.open(`launch-pvp:crd-teen-patti:${pid}#${k}`);
      return { pid, ses, c: await clientOf(appRef, `/api/pvp/ws?token=${ses.token}`) };
    };
    const players = [await open('21', 1), await open('22', 2), await open('23', 3)];
    for (const p of players) {
      p.c.send({ op: 'sit', room: 'teenpatti-1' });
      await p.c.state((s) => s.you !== null);
    }
    const playing = await players[0]!.c.state((s) => s.phase === 'playing');
    expect(playing.seats.filter((s) => s?.inHand)).toHaveLength(3);
    const seatOf = new Map<number, (typeof players)[number]>();
    for (const p of players) seatOf.set((await p.c.state((s) => s.you !== null)).you!, p);
    const first = playing.teen!.turn!;
    const order = [first, (first + 1) % 3, (first + 2) % 3];
    const [p1, p2, p3] = order.map((seat) => seatOf.get(seat)!) as [
      (typeof players)[number],
      (typeof players)[number],
      (typeof players)[number],
    ];

    // Blind, no sideshow: it is for a seen player. Nobody has asked: nothing to accept.
    expect(playing.teen!.sideshow ?? null).toBeNull();
    p1.c.send({ op: 'sideshow' });
    await p1.c.until((m) => m.type === 'error' && m.code === 'NOT_SEEN');
    p2.c.send({ op: 'accept' });
    await p2.c.until((m) => m.type === 'error' && m.code === 'NO_SIDESHOW');
    for (const p of players) {
      p.c.send({ op: 'see' });
      await p.c.state((s) => s.seats[s.you!]!.seen === true);
    }
    // Seen, on its turn, with three in: the sideshow costs the seen chaal (2 × the unit).
    const mine = await p1.c.state((s) => s.teen!.turn === s.you && s.seats.every((x) => !x?.inHand || x.seen));
    expect(mine.teen!.sideshow).toBe('200');
    expect(mine.teen!.show).toBeNull();

    // p1 asks the seat before it (p3, round the table); p3 does not answer: its seat timer refuses.
    p1.c.send({ op: 'sideshow' });
    const asked = await p3.c.state((s) => !!s.teen!.asking);
    expect(asked.teen!.asking).toEqual({ from: order[0], to: order[2] });
    expect(asked.teen!.pot).toBe('500');
    p1.c.send({ op: 'chaal' });
    await p1.c.until((m) => m.type === 'error' && m.code === 'NOT_NOW');
    const refused = await p2.c.state((s) => s.teen!.turn === s.you && !s.teen!.asking, 6000);
    expect(refused.teen!.lastSideshow).toEqual({ from: order[0], to: order[2], accepted: false, loser: null });
    expect(refused.seats.filter((s) => s?.packed)).toHaveLength(0);

    // p2 chaals; p3 asks p2, who accepts: the two compare privately and the worse packs.
    p2.c.send({ op: 'chaal' });
    await p3.c.state((s) => s.teen!.turn === s.you && s.teen!.pot === '700');
    p3.c.send({ op: 'sideshow' });
    await p2.c.state((s) => s.teen!.asking?.to === s.you);
    p2.c.send({ op: 'accept' });
    const after2 = await p2.c.state((s) => !!s.teen!.lastSideshow?.accepted);
    const after3 = await p3.c.state((s) => !!s.teen!.lastSideshow?.accepted);
    const after1 = await p1.c.state((s) => !!s.teen!.lastSideshow?.accepted);
    // The two see each other's cards; the third sees neither.
    expect(after2.seats[order[2]!]!.cards).toHaveLength(3);
    expect(after3.seats[order[1]!]!.cards).toHaveLength(3);
    expect(after1.seats[order[1]!]!.cards).toBeNull();
    expect(after1.seats[order[2]!]!.cards).toBeNull();
    const h2 = rankTeen(after2.seats[order[1]!]!.cards!);
    const h3 = rankTeen(after2.seats[order[2]!]!.cards!);
    const loser = sideshowLoser(h3, h2) === 'asker' ? order[2]! : order[1]!;
    expect(after1.teen!.lastSideshow).toEqual({ from: order[2], to: order[1], accepted: true, loser });
    expect(after1.seats[loser]!.packed).toBe(true);

    // Two left: p1 shows; the winner takes the pot of 1100 less the rake.
    const left = await p1.c.state((s) => s.teen!.turn === s.you && s.teen!.pot === '900');
    expect(left.teen!.show).toBe('200');
    p1.c.send({ op: 'show' });
    const result = await p1.c.state((s) => s.phase === 'result');
    expect(result.teen!.pot).toBe('1100');
    const seats = result.seats.filter((s) => s?.inHand).map((s) => s!);
    expect(seats.map((s) => [s.seat, s.put])).toEqual(
      [
        [order[0], '500'],
        [order[1], '300'],
        [order[2], '300'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(seats.reduce((a, s) => a + BigInt(s.net!), 0n)).toBe(0n);
    for (const s of seats) {
      expect(BigInt(s.rake!)).toBe(rakeOf(BigInt(s.net!), 500));
      const p = seatOf.get(s.seat)!;
      const calls = casino.state.calls.filter((c) => c.body.playerId === p.pid && c.op !== 'authenticate');
      expect(calls.map((c) => c.op)).toEqual(['bet', 'win']);
      expect(calls[1]!.body.amount).toBe(s.payout);
      expect(casino.state.balances.get(p.pid)! - 100_000n).toBe(BigInt(s.net!) - BigInt(s.rake!));
    }

    // The hand history keeps both sideshows and every answer.
    const past = await call<{
      record: {
        actions: { seat: number; op: string; pay: string; auto: boolean }[];
        sideshows: { from: number; to: number; answer: string; auto: boolean; loser: number | null }[];
      };
    }>('GET', `/api/pvp/hands/${result.handId}`);
    expect(past.body.value.record.sideshows).toEqual([
      { from: order[0], to: order[2], answer: 'refuse', auto: true, loser: null },
      { from: order[2], to: order[1], answer: 'accept', auto: false, loser },
    ]);
    expect(past.body.value.record.actions.filter((a) => a.op !== 'boot').map((a) => [a.seat, a.op, a.pay])).toEqual([
      [order[0], 'sideshow', '200'],
      [order[2], 'refuse', '0'],
      [order[1], 'chaal', '200'],
      [order[2], 'sideshow', '200'],
      [order[1], 'accept', '0'],
      [loser, 'pack', '0'],
      [order[0], 'show', '200'],
    ]);
    for (const p of players) p.c.ws.terminate();
  });
});

describe('Teen Patti with bots (demo only)', () => {
  const house = houseTestApp({ ...env, HOUSE_GAMES_PVP_DECISION_MS: '1500', HOUSE_GAMES_PVP_BOTS: 'on' });
  const { casino } = house;
  let appRef: App;
  beforeAll(async () => {
    appRef = (await house.start()).app;
  });
  afterAll(() => house.close());

  it('fills seats with marked bots whose stakes never reach the casino', async () => {
    const ses = await house.open('launch-pvp:crd-teen-patti:7#1');
    const c = await clientOf(appRef, `/api/pvp/ws?token=${ses.token}`);
    c.send({ op: 'sit', room: 'teenpatti-1' });
    const seated = await c.state((s) => s.you !== null);
    expect(seated.seats.filter((s) => s?.bot).length).toBe(2);
    await c.state((s) => s.phase === 'playing');
    c.send({ op: 'see' });
    // Chaal whenever it is our turn, until the hand ends.
    for (;;) {
      const s = await c.state(
        (v) => v.phase === 'result' || (v.teen!.turn === v.you && v.seats[v.you!]!.seen === true),
        15000,
      );
      if (s.phase === 'result') break;
      c.got.length = 0;
      c.send({ op: s.teen!.show ? 'show' : 'chaal' });
      await c.state((v) => v.phase === 'result' || v.teen!.turn !== v.you);
    }
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
});
