import { beforeAll, describe, expect, it } from 'vitest';
import { otherModel, type LiveState, type OtherPlayer } from '../games/sports/feed.ts';
import { SPORT_RULES, type ResultDetail, type Sport } from '../math/sports/sports.ts';
import { sportsTestApp } from '../../test/sports-app.ts';

/**
 * In-play for basketball, tennis and esports (decision 115) through HTTP against a fake casino
 * speaking the seamless-wallet protocol. The test drives the simulated feed's own match (the same
 * steps and prices the feed sends): the live state shows the sport's score (quarter and clock, sets
 * and games, maps); a bet is taken at the live price, refused while a quarter, set or map end has
 * the markets suspended, taken again after; a cash out pays its offer; the first bet settles once
 * on the result the match played to.
 */
const { casino, call, open, sports } = sportsTestApp({
  HOUSE_GAMES_SPORTS_CASHOUT_MARGIN_BP: '500',
  HOUSE_GAMES_SPORTS_MAX_PAYOUT: '100000000',
});

type Ev = {
  id: number;
  suspended: boolean;
  live: (Partial<LiveState> & { minute: number; score: { home: number; away: number } }) | null;
  markets: { selections: { key: string; odds: number }[] }[];
};
type Bet = {
  id: number;
  roundId: string;
  status: string;
  win: string | null;
  result: string | null;
  cashOut: string | null;
};
const hundredths = (x: number) => Math.floor(x * 100 + 1e-9);

const CASES: { sport: Sport; league: string; home: string; away: string; sel: string }[] = [
  { sport: 'basketball', league: 'NBA', home: 'Boston Celtics', away: 'Miami Heat', sel: 'ML:H' },
  { sport: 'tennis', league: 'ATP', home: 'Jannik Sinner', away: 'Casper Ruud', sel: 'MW:H' },
  { sport: 'esports', league: 'CS2', home: 'Team Vitality', away: 'FURIA', sel: 'MW:H' },
];

describe('in-play basketball, tennis and esports', () => {
  let token = '';
  beforeAll(async () => {
    token = (await open('launch-sports-inplay-more')).token;
  });

  const eventOf = async (id: number) =>
    (await call<{ event: Ev }>('GET', `/api/sports/events/${id}`, token)).body.value.event;
  const priceOf = (e: Ev, sel: string) => e.markets.flatMap((m) => m.selections).find((s) => s.key === sel)?.odds ?? 0;
  const bet = (event: number, selection: string, odds: number, stake = '1000') =>
    call<Bet>('POST', '/api/sports/bets', token, { legs: [{ event, selection, odds }], stake });

  for (const c of CASES)
    it(`${c.sport}: live score and prices, a bet at the live price, refused while suspended, settled on the played-out result`, async () => {
      const ref = `IPM-${c.sport}`;
      const model = otherModel(c.league, c.home, c.away);
      await sports.feed.eventListed({
        ref,
        sport: c.sport,
        league: c.league,
        leagueName: c.league,
        home: c.home,
        away: c.away,
        startsAt: Date.now() + 3_600_000,
        fair: model.fair(),
      });
      const [row] = await sports.services.db.query<{ id: string }>(
        'SELECT id FROM hg_sport_events WHERE feed_ref = $1',
        [ref],
      );
      const id = Number(row!.id);
      await sports.feed.eventStarted(ref);
      const player: OtherPlayer = model.player(null);
      // The opening state's prices are the pre-match ones.
      expect(player.state.fair).toEqual(model.fair());
      await sports.feed.eventLive(ref, player.state);

      // The live list and the event page show the sport's score.
      const board = await call<{ live: Ev[] }>('GET', '/api/sports/events', token);
      const listed = board.body.value.live.find((x) => x.id === id)!;
      expect(listed.live).toMatchObject({ score: { home: 0, away: 0 } });
      if (c.sport === 'basketball') expect(listed.live).toMatchObject({ minute: 0, period: 1, clock: 12 });
      if (c.sport === 'tennis') expect(listed.live).toMatchObject({ sets: [], games: [0, 0], serving: 'home' });
      if (c.sport === 'esports') expect(listed.live).toMatchObject({ minute: 1, maps: [] });

      // A bet at the live price is taken.
      let e = await eventOf(id);
      const price = priceOf(e, c.sel);
      expect(price).toBe(hundredths(player.state.fair[c.sel]!));
      const first = await bet(id, c.sel, price);
      expect(first.status).toBe(200);
      expect(first.body.value.status).toBe('open');

      // Played forward to the first quarter, set or map end: the markets are suspended.
      let step = player.next()!;
      while (!step.pause) {
        await sports.feed.eventLive(ref, step.state);
        step = player.next()!;
      }
      if (!step.over) {
        await sports.feed.eventSuspended(ref, true);
        await sports.feed.eventLive(ref, step.state);
        e = await eventOf(id);
        expect(e.suspended).toBe(true);
        const refused = await bet(id, c.sel, price);
        expect(refused.status).toBe(409);
        expect(refused.body.code).toBe('MARKET_SUSPENDED');
        await sports.feed.eventSuspended(ref, false);
        // Reopened at the new price: a second bet, and a cash out at its offer.
        e = await eventOf(id);
        expect(e.live!.score).toEqual(step.state.score);
        const again = priceOf(e, c.sel);
        if (again > 0) {
          const second = await bet(id, c.sel, again, '500');
          expect(second.status).toBe(200);
          const mine = (await call<Bet[]>('GET', '/api/sports/bets?status=open', token)).body.value.find(
            (b) => b.id === second.body.value.id,
          )!;
          if (mine.cashOut !== null) {
            const out = await call<Bet>('POST', `/api/sports/bets/${mine.id}/cashout`, token, {
              amount: mine.cashOut,
            });
            expect(out.status).toBe(200);
            expect(out.body.value).toMatchObject({ status: 'settled', result: 'CASHED_OUT', win: mine.cashOut });
          }
        }
        // Played to the end.
        for (;;) {
          step = player.next()!;
          if (!step || step.over) break;
          await sports.feed.eventLive(ref, step.state);
        }
      }
      const result = player.result();
      expect(result.score).toEqual(player.state.score); // the result is the state the match played to
      await sports.feed.eventResulted(ref, result);
      await sports.feed.eventResulted(ref, result); // repeated: settles once
      const r = first.body.value.roundId;
      const won = SPORT_RULES[c.sport].settle(c.sel, result.score, result as ResultDetail) === 'WIN';
      const calls = casino.state.calls
        .filter((x) => x.body.roundId === r)
        .map((x) => [x.op, String(x.body.transactionId).slice(r.length), x.body.amount ?? null]);
      expect(calls).toEqual([
        ['bet', '-B', '1000'],
        ['win', '-W', won ? String((1000n * BigInt(price)) / 100n) : '0'], // a loss closes the round at 0
      ]);
    });
});
