import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pgTestDatabase } from '../../test/pg-database.ts';
import { sportsTestApp } from '../../test/sports-app.ts';

/**
 * A result's settlement keeps its progress (decision 122), on PostgreSQL with connections of its own:
 * a second pass at the same result version passes over the bets a committed claim examined without
 * locking them, so it is not held up by a lock on one of them (a cash out, a twin's mark); a pass at a
 * new version (a correction) locks and reads every bet again, and waits for that lock.
 */
// Before the app, so the database is dropped after the app closed (after-hooks run in reverse).
const { url } = pgTestDatabase('hg_progress');
const { call, casino, open, sports } = sportsTestApp({}, { databaseUrl: () => url });

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))]);

describe('sportsbook settlement progress on PostgreSQL', () => {
  it('passes over claimed bets at the same result version, and reads them all again at a new one', async () => {
    const { token } = await open('launch-sports-1');
    await sports.feed.eventListed({
      ref: 'P-1',
      sport: 'football',
      league: 'BRA',
      leagueName: 'Brasileirão Série A',
      home: 'Home',
      away: 'Away',
      startsAt: Date.now() + 3_600_000,
      fair: { '1X2:H': 2, '1X2:D': 3.5, '1X2:A': 4 },
    });
    const [e] = await sports.services.db.query<{ id: string }>(`SELECT id FROM hg_sport_events WHERE feed_ref = 'P-1'`);
    const event = Number(e!.id);
    const rounds: string[] = [];
    const ids: number[] = [];
    for (const [selection, odds] of [
      ['1X2:H', 200],
      ['1X2:A', 400],
      ['1X2:H', 200],
    ] as const) {
      const placed = await call<{ id: number; roundId: string }>('POST', '/api/sports/bets', token, {
        legs: [{ event, selection, odds }],
        stake: '100',
      });
      expect(placed.status).toBe(200);
      ids.push(placed.body.value.id);
      rounds.push(placed.body.value.roundId);
    }
    await sports.feed.eventResulted('P-1', { score: { home: 1, away: 0 } });
    const wins = () =>
      rounds.map((r) =>
        casino.state.calls.filter((c) => c.body.roundId === r && c.op === 'win').map((c) => String(c.body.amount)),
      );
    expect(wins()).toEqual([['200'], ['0'], ['200']]);

    // Another connection holds the first bet's lock, as a cash out or a twin's mark would.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM hg_bets WHERE id = $1 FOR UPDATE', [ids[0]]);
      // The same version again: nothing to claim, and no wait for the lock.
      expect(await within(sports.services.sports.settleEvent(event), 5_000)).toBe(0);
      // A correction reads every bet again under its lock, so it waits for the holder.
      const corrected = sports.feed.resultCorrected('P-1', { score: { home: 0, away: 1 } });
      expect(await within(corrected, 1_000)).toBe('waiting');
      await holder.query('ROLLBACK');
      await corrected;
    } finally {
      await holder.end();
    }
    expect(wins()).toEqual([['200'], ['0', '400'], ['200']]);
    const debits = rounds.map((r) =>
      casino.state.calls
        .filter((c) => c.body.roundId === r && c.op === 'bet')
        .map((c) => String(c.body.transactionId).slice(r.length)),
    );
    expect(debits).toEqual([['-B', '-D1'], ['-B'], ['-B', '-D1']]);
  });
});
