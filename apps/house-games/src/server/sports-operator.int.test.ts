import { beforeAll, describe, expect, it } from 'vitest';
import type { SportFixture } from '../games/sports/feed.ts';
import { signBody } from '../platform/signing.ts';
import { SECRET } from '../../test/fake-casino.ts';
import { sportsTestApp } from '../../test/sports-app.ts';
import { operatorMessage } from './operator-routes.ts';

/**
 * The sportsbook's operator API (issue 23 "Console", decision 114): every call signed with
 * the shared house secret; bad input is a 4xx that changes nothing; a suspended market or event
 * refuses bets; a void refunds a single once even when asked twice at once; a corrected result
 * re-settles once; the margin per sport re-prices; liability and GGR add up.
 */
const { casino, call, open, sports } = sportsTestApp();

const FAIR = { '1X2:H': 2, '1X2:D': 3.5, '1X2:A': 4, 'OU:2.5:O': 1.8, 'OU:2.5:U': 2.1 };
let n = 0;
const list = async (fair: Record<string, number> = FAIR, sport: SportFixture['sport'] = 'football') => {
  n++;
  const f: SportFixture = {
    ref: `OP-${n}`,
    sport,
    league: 'BRA',
    leagueName: 'Brasileirão Série A',
    home: `Home ${n}`,
    away: `Away ${n}`,
    startsAt: Date.now() + 3_600_000,
    fair,
  };
  await sports.feed.eventListed(f);
  const [r] = await sports.services.db.query<{ id: string }>('SELECT id FROM hg_sport_events WHERE feed_ref = $1', [
    f.ref,
  ]);
  return { ref: f.ref, id: Number(r!.id) };
};

type Answer<T> = { status: number; body: { success: boolean; value: T; code?: string; message: string } };
/** A call as the platform makes it: signed over method, path and raw body with the shared secret. */
const op = async <T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  sign: { secret?: string; ts?: number; raw?: string } = {},
): Promise<Answer<T>> => {
  const raw = sign.raw ?? (body === undefined ? '' : JSON.stringify(body));
  const ts = sign.ts ?? Date.now();
  const res = await sports.app.inject({
    method,
    url,
    ...(raw ? { payload: raw } : {}),
    headers: {
      ...(raw ? { 'content-type': 'application/json' } : {}),
      'x-provider-timestamp': String(ts),
      'x-provider-signature': signBody(sign.secret ?? SECRET, ts, operatorMessage(method, url, raw)),
    },
  });
  return { status: res.statusCode, body: res.json() };
};
type Bet = { id: number; roundId: string; status: string; win: string | null };
const place = (token: string, legs: { event: number; selection: string; odds: number }[], stake: string) =>
  call<Bet>('POST', '/api/sports/bets', token, { legs, stake });
const opsOf = (roundId: string) =>
  casino.state.calls
    .filter((c) => c.body.roundId === roundId)
    .map((c) => [c.op, String(c.body.transactionId).slice(roundId.length), c.body.amount ?? null]);

describe('sportsbook operator API', () => {
  let token = '';
  beforeAll(async () => {
    token = (await open('launch-sports-1')).token;
  });

  it('answers only calls signed with the shared secret, within the window, for the very call signed', async () => {
    const unsigned = await sports.app.inject({ method: 'GET', url: '/api/operator/sports/margins' });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().code).toBe('INVALID_SIGNATURE');
    expect((await op('GET', '/api/operator/sports/margins', undefined, { secret: 'another-secret-0000' })).status).toBe(
      401,
    );
    const stale = await op('GET', '/api/operator/sports/margins', undefined, { ts: Date.now() - 10 * 60_000 });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('TIMESTAMP_EXPIRED');
    // A signature is good for its own path and body only.
    const e = await list();
    const ts = Date.now();
    const raw = JSON.stringify({ event: e.id, suspended: true });
    const replayed = await sports.app.inject({
      method: 'POST',
      url: '/api/operator/sports/void',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-provider-timestamp': String(ts),
        'x-provider-signature': signBody(SECRET, ts, operatorMessage('POST', '/api/operator/sports/suspend', raw)),
      },
    });
    expect(replayed.statusCode).toBe(401);
    expect((await op('GET', `/api/operator/sports/events/${e.id}`)).body.value).toMatchObject({
      suspended: false,
      voided: false,
    });
    expect((await op('GET', '/api/operator/sports/margins')).status).toBe(200);
  });

  it('answers bad input with a 4xx and changes nothing', async () => {
    const e = await list();
    const bad: [string, string, unknown, number][] = [
      ['GET', '/api/operator/sports/events?state=later', undefined, 400],
      ['GET', '/api/operator/sports/events/999999', undefined, 404],
      ['POST', '/api/operator/sports/suspend', { event: e.id, market: 'NOPE', suspended: true }, 400],
      ['POST', '/api/operator/sports/suspend', { event: e.id, suspended: 'yes' }, 400],
      ['POST', '/api/operator/sports/void', { event: e.id, market: 'BTTS' }, 400], // not a market of the event
      ['POST', '/api/operator/sports/void', { event: e.id, extra: 1 }, 400],
      ['POST', '/api/operator/sports/result', { event: e.id, score: { home: 1, away: 0 } }, 409], // not started
      ['POST', '/api/operator/sports/result', { event: e.id, score: { home: -1, away: 0 } }, 400],
      ['POST', '/api/operator/sports/margins', { sport: 'curling', marginBp: 500 }, 400],
      ['POST', '/api/operator/sports/margins', { sport: 'football', marginBp: 9000 }, 400],
      ['GET', '/api/operator/sports/ggr?from=2026-02-30&to=2026-03-01', undefined, 400],
      ['GET', '/api/operator/sports/ggr?from=2026-03-02&to=2026-03-01', undefined, 400],
    ];
    for (const [method, url, body, status] of bad) {
      const r = await op(method as 'GET', url, body);
      expect([url, r.status]).toEqual([url, status]);
    }
    const notJson = await op('POST', '/api/operator/sports/void', undefined, { raw: '{"event":' });
    expect(notJson.status).toBe(400);
    const v = (
      await op<{ suspended: boolean; voided: boolean; markets: { voided: boolean; suspended: boolean }[] }>(
        'GET',
        `/api/operator/sports/events/${e.id}`,
      )
    ).body.value;
    expect(v.suspended || v.voided || v.markets.some((m) => m.voided || m.suspended)).toBe(false);
    expect(
      (await op<{ sports: { marginBp: number }[] }>('GET', '/api/operator/sports/margins')).body.value.sports[0]!
        .marginBp,
    ).toBe(0);
  });

  it('a suspended market or event refuses bets with the book’s refusal; resumed, it takes them again', async () => {
    const e = await list();
    const s1 = await op('POST', '/api/operator/sports/suspend', { event: e.id, market: '1X2', suspended: true });
    expect(s1.status).toBe(200);
    expect(
      (s1.body.value as { markets: { market: string; suspended: boolean }[] }).markets.find((m) => m.market === '1X2')!
        .suspended,
    ).toBe(true);
    const refused = await place(token, [{ event: e.id, selection: '1X2:H', odds: 200 }], '1000');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MARKET_SUSPENDED');
    // The player's board shows the market suspended; another market of the event still takes bets.
    const board = await call<{ event: { markets: { market: string; suspended: boolean }[] } }>(
      'GET',
      `/api/sports/events/${e.id}`,
      token,
    );
    expect(board.body.value.event.markets.find((m) => m.market === '1X2')!.suspended).toBe(true);
    expect((await place(token, [{ event: e.id, selection: 'OU:2.5:O', odds: 180 }], '1000')).status).toBe(200);
    await op('POST', '/api/operator/sports/suspend', { event: e.id, market: '1X2', suspended: false });
    expect((await place(token, [{ event: e.id, selection: '1X2:H', odds: 200 }], '1000')).status).toBe(200);
    // The whole event.
    await op('POST', '/api/operator/sports/suspend', { event: e.id, suspended: true });
    const whole = await place(token, [{ event: e.id, selection: 'OU:2.5:U', odds: 210 }], '1000');
    expect(whole.body.code).toBe('MARKET_SUSPENDED');
    await op('POST', '/api/operator/sports/suspend', { event: e.id, suspended: false });
    expect((await place(token, [{ event: e.id, selection: 'OU:2.5:U', odds: 210 }], '1000')).status).toBe(200);
  });

  it('a market the operator suspended offers no cash out and refuses one; resumed, the bet cashes out', async () => {
    const e = await list();
    const placed = (await place(token, [{ event: e.id, selection: '1X2:H', odds: 200 }], '1000')).body.value;
    const mine = async () =>
      (await call<(Bet & { cashOut: string | null })[]>('GET', '/api/sports/bets?status=open', token)).body.value.find(
        (b) => b.id === placed.id,
      )!;
    const offer = (await mine()).cashOut;
    expect(offer).not.toBeNull();
    await op('POST', '/api/operator/sports/suspend', { event: e.id, market: '1X2', suspended: true });
    expect((await mine()).cashOut).toBeNull();
    const refused = await call('POST', `/api/sports/bets/${placed.id}/cashout`, token, { amount: offer });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MARKET_SUSPENDED');
    expect(opsOf(placed.roundId).filter(([o]) => o !== 'bet')).toEqual([]); // nothing paid
    // Another market's suspension leaves this bet's cash out alone.
    await op('POST', '/api/operator/sports/suspend', { event: e.id, market: '1X2', suspended: false });
    await op('POST', '/api/operator/sports/suspend', { event: e.id, market: 'OU:2.5', suspended: true });
    expect((await mine()).cashOut).toBe(offer);
    const out = await call<Bet>('POST', `/api/sports/bets/${placed.id}/cashout`, token, { amount: offer });
    expect(out.status).toBe(200);
    expect(out.body.value.win).toBe(offer);
    await op('POST', '/api/operator/sports/suspend', { event: e.id, market: 'OU:2.5', suspended: false });
  });

  it('voiding a market refunds a single once, even asked twice at once; an accumulator rides on at 1.00', async () => {
    const [e, f] = [await list(), await list()];
    const single = (await place(token, [{ event: e.id, selection: '1X2:H', odds: 200 }], '1000')).body.value;
    const other = (await place(token, [{ event: e.id, selection: 'OU:2.5:O', odds: 180 }], '1000')).body.value;
    const acc = (
      await place(
        token,
        [
          { event: e.id, selection: '1X2:D', odds: 350 },
          { event: f.id, selection: '1X2:A', odds: 400 },
        ],
        '1000',
      )
    ).body.value;
    const both = await Promise.all([
      op('POST', '/api/operator/sports/void', { event: e.id, market: '1X2' }),
      op('POST', '/api/operator/sports/void', { event: e.id, market: '1X2' }),
    ]);
    expect(both.map((b) => b.status)).toEqual([200, 200]);
    await op('POST', '/api/operator/sports/void', { event: e.id, market: '1X2' }); // and once more later
    expect(opsOf(single.roundId)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '1000'],
    ]);
    expect(opsOf(other.roundId)).toEqual([['bet', '-B', '1000']]); // another market: untouched
    expect(opsOf(acc.roundId)).toEqual([['bet', '-B', '1000']]); // its other leg is still to come
    // The voided market is no longer offered, and refuses bets.
    const refused = await place(token, [{ event: e.id, selection: '1X2:A', odds: 400 }], '1000');
    expect(refused.body.code).toBe('MARKET_SUSPENDED');
    // The event's result later: the refund stands (a zero difference moves nothing), the acc pays at 1.00 × 4.00.
    await sports.feed.eventResulted(e.ref, { score: { home: 2, away: 1 } });
    await sports.feed.eventResulted(f.ref, { score: { home: 0, away: 1 } });
    expect(opsOf(single.roundId)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '1000'],
    ]);
    expect(opsOf(other.roundId)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '1800'],
    ]);
    expect(opsOf(acc.roundId)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '4000'],
    ]);
  });

  it('voiding a market after the result re-settles by a difference; voiding an event refunds its bets once', async () => {
    const e = await list();
    const lost = (await place(token, [{ event: e.id, selection: 'OU:2.5:U', odds: 210 }], '1000')).body.value;
    await sports.feed.eventResulted(e.ref, { score: { home: 3, away: 1 } });
    await Promise.all([
      op('POST', '/api/operator/sports/void', { event: e.id, market: 'OU:2.5' }),
      op('POST', '/api/operator/sports/void', { event: e.id, market: 'OU:2.5' }),
    ]);
    // Lost on the result (a win of nothing closes the round), then refunded by the void: once.
    expect(opsOf(lost.roundId)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '0'],
      ['win', '-W1', '1000'],
    ]);
    const g = await list();
    const s = (await place(token, [{ event: g.id, selection: '1X2:A', odds: 400 }], '2000')).body.value;
    const voided = await Promise.all([
      op<{ voided: boolean }>('POST', '/api/operator/sports/void', { event: g.id }),
      op<{ voided: boolean }>('POST', '/api/operator/sports/void', { event: g.id }),
    ]);
    expect(voided.map((v) => v.status)).toEqual([200, 200]);
    expect(voided[0]!.body.value.voided).toBe(true);
    expect(opsOf(s.roundId)).toEqual([
      ['bet', '-B', '2000'],
      ['win', '-W', '2000'],
    ]);
  });

  it('a corrected result goes through the feed’s correction: the difference is posted once', async () => {
    const e = await list();
    const b = (await place(token, [{ event: e.id, selection: '1X2:H', odds: 200 }], '1000')).body.value;
    await sports.feed.eventResulted(e.ref, { score: { home: 1, away: 0 }, halfTime: { home: 0, away: 0 } });
    const bad = await op('POST', '/api/operator/sports/result', {
      event: e.id,
      score: { home: 0, away: 1 },
      halfTime: { home: 2, away: 0 },
    });
    expect(bad.status).toBe(400);
    const corrected = await Promise.all([
      op<{ score: { home: number; away: number }; resultVersion: number }>('POST', '/api/operator/sports/result', {
        event: e.id,
        score: { home: 0, away: 1 },
        halfTime: { home: 0, away: 1 },
      }),
      op('POST', '/api/operator/sports/result', {
        event: e.id,
        score: { home: 0, away: 1 },
        halfTime: { home: 0, away: 1 },
      }),
    ]);
    expect(corrected.map((c) => c.status)).toEqual([200, 200]);
    expect(corrected[0]!.body.value.score).toEqual({ home: 0, away: 1 });
    expect(opsOf(b.roundId)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '2000'],
      ['bet', '-D1', '2000'],
    ]);
    // Tennis takes sets that add up to the score.
    const t = await list({ 'MW:H': 1.5, 'MW:A': 2.6 }, 'tennis');
    await sports.feed.eventStarted(t.ref);
    const sets = await op('POST', '/api/operator/sports/result', {
      event: t.id,
      score: { home: 2, away: 0 },
      sets: [
        [6, 4],
        [3, 6],
      ],
    });
    expect(sets.status).toBe(400);
    const ok = await op<{ state: string }>('POST', '/api/operator/sports/result', {
      event: t.id,
      score: { home: 2, away: 1 },
      sets: [
        [6, 4],
        [3, 6],
        [7, 5],
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.value.state).toBe('resulted');
  });

  it('the margin per sport prices the feed’s fair odds and re-prices open events', async () => {
    const e = await list();
    const set = await op<{ sports: { sport: string; marginBp: number; own: boolean }[] }>(
      'POST',
      '/api/operator/sports/margins',
      { sport: 'football', marginBp: 500 },
    );
    expect(set.body.value.sports.find((s) => s.sport === 'football')).toEqual({
      sport: 'football',
      marginBp: 500,
      own: true,
    });
    const one = await call<{ event: { markets: { selections: { key: string; odds: number }[] }[] } }>(
      'GET',
      `/api/sports/events/${e.id}`,
      token,
    );
    const odds = Object.fromEntries(
      one.body.value.event.markets.flatMap((m) => m.selections.map((s) => [s.key, s.odds])),
    );
    expect(odds['1X2:H']).toBe(190); // ⌊200 / 1.05⌋
    const later = await list(); // a new listing takes the sport's margin
    const l = (
      await op<{ markets: { selections: { key: string; odds: number }[] }[]; marginBp: number }>(
        'GET',
        `/api/operator/sports/events/${later.id}`,
      )
    ).body.value;
    expect(l.marginBp).toBe(500);
    expect(l.markets[0]!.selections[0]).toEqual({ key: '1X2:H', odds: 190 });
    await op('POST', '/api/operator/sports/margins', { sport: 'football', marginBp: 0 });
  });

  it('liability per outcome: singles exactly, an accumulator’s potential return on each open leg', async () => {
    const [e, f] = [await list(), await list()];
    await place(token, [{ event: e.id, selection: '1X2:H', odds: 200 }], '1000');
    await place(token, [{ event: e.id, selection: '1X2:H', odds: 200 }], '500');
    await place(token, [{ event: e.id, selection: '1X2:A', odds: 400 }], '1000');
    await place(
      token,
      [
        { event: e.id, selection: '1X2:D', odds: 350 },
        { event: f.id, selection: '1X2:A', odds: 400 },
      ],
      '100',
    );
    type Liab = {
      openStake: string;
      markets: { market: string; outcomes: { key: string; bets: number; stake: string; payout: string }[] }[];
    };
    const l = (await op<Liab>('GET', `/api/operator/sports/events/${e.id}/liability`)).body.value;
    expect(l.openStake).toBe('2600');
    const x = l.markets.find((m) => m.market === '1X2')!.outcomes;
    expect(x).toEqual([
      { key: '1X2:H', odds: 200, bets: 2, stake: '1500', payout: '3000' },
      { key: '1X2:D', odds: 350, bets: 1, stake: '100', payout: '1400' },
      { key: '1X2:A', odds: 400, bets: 1, stake: '1000', payout: '4000' },
    ]);
    const list1 = await op<{ events: { id: number; openBets: number; openStake: string; worstPayout: string }[] }>(
      'GET',
      '/api/operator/sports/events?state=upcoming&sport=football&limit=200',
    );
    expect(list1.body.value.events.find((v) => v.id === e.id)).toMatchObject({
      openBets: 4,
      openStake: '2600',
      worstPayout: '4000',
    });
  });

  it('GGR by sport: stakes placed and money paid in the range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const url = `/api/operator/sports/ggr?from=${today}&to=${today}`;
    type G = { list: { sport: string; stake: string; paid: string; ggr: string; bets: number }[] };
    const row = async () =>
      (await op<G>('GET', url)).body.value.list.find((r) => r.sport === 'basketball') ?? {
        stake: '0',
        paid: '0',
        ggr: '0',
        bets: 0,
      };
    const before = await row();
    const e = await list({ 'ML:H': 1.5, 'ML:A': 2.5 }, 'basketball');
    await place(token, [{ event: e.id, selection: 'ML:H', odds: 150 }], '1000');
    await place(token, [{ event: e.id, selection: 'ML:A', odds: 250 }], '2000');
    await sports.feed.eventResulted(e.ref, { score: { home: 101, away: 99 } });
    const after = await row();
    expect(BigInt(after.stake) - BigInt(before.stake)).toBe(3000n);
    expect(BigInt(after.paid) - BigInt(before.paid)).toBe(1500n);
    expect(BigInt(after.ggr) - BigInt(before.ggr)).toBe(1500n);
    expect(after.bets - before.bets).toBe(2);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const none = await op<G>('GET', `/api/operator/sports/ggr?from=${yesterday}&to=${yesterday}`);
    expect(none.body.value.list).toEqual([]);
  });
});
