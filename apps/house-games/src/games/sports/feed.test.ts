import { describe, expect, it } from 'vitest';
import { SimulatedSportsFeed, type LiveState, type SportFixture, type SportResult } from './feed.ts';

/**
 * The simulated feed's other sports in-play (decision 115), against a recorder: each match is sent
 * live from kick-off (its sport's state with prices), suspended and reopened on a quarter, set or
 * map end, and resulted with the score of the last state it played to.
 */
describe('simulated feed: basketball, tennis and esports in-play', () => {
  it('plays each match forward and results the state it played to', async () => {
    const listed = new Map<string, SportFixture>();
    const live = new Map<string, LiveState[]>();
    const suspends = new Map<string, boolean[]>();
    const results = new Map<string, SportResult>();
    const feed = new SimulatedSportsFeed({
      kickoffEveryMs: 120,
      matchMs: 240,
      fixturesAhead: 3,
      firstKickoffMs: 0,
      suspendMs: 5,
    });
    feed.start(
      {
        eventListed: async (f) => void listed.set(f.ref, f),
        eventSuspended: async (ref, s) => void suspends.set(ref, [...(suspends.get(ref) ?? []), s]),
        eventStarted: async () => {},
        eventLive: async (ref, l) => void live.set(ref, [...(live.get(ref) ?? []), l]),
        eventResulted: async (ref, r) => void results.set(ref, r),
        resultCorrected: async () => {},
      },
      [],
    );
    const others = () => [...results.keys()].filter((r) => listed.get(r)?.sport !== 'football');
    const deadline = Date.now() + 8000;
    while (new Set(others().map((r) => listed.get(r)!.sport)).size < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    feed.stop();
    const sports = new Set(others().map((r) => listed.get(r)!.sport));
    expect([...sports].sort()).toEqual(['basketball', 'esports', 'tennis']);
    for (const ref of others()) {
      const f = listed.get(ref)!;
      const states = live.get(ref)!;
      const result = results.get(ref)!;
      expect(states[0]!.fair).toEqual(f.fair); // the opening state is priced as pre-match
      expect(states[0]!.score).toEqual({ home: 0, away: 0 });
      expect(suspends.get(ref)?.[0]).toBe(true); // a quarter, set or map end suspended the markets
      const last = states.at(-1)!;
      expect(result.score).not.toBeNull();
      // The result is where the match went from its last live state: never behind it.
      expect(result.score!.home).toBeGreaterThanOrEqual(last.score.home);
      expect(result.score!.away).toBeGreaterThanOrEqual(last.score.away);
      if (f.sport === 'tennis') {
        expect('sets' in result && result.sets!.slice(0, last.sets!.length)).toEqual(last.sets);
        expect(Math.max(result.score!.home, result.score!.away)).toBe(2);
      }
      if (f.sport === 'esports') {
        expect('maps' in result && result.maps!.slice(0, last.maps!.length)).toEqual(last.maps);
        expect(Math.max(result.score!.home, result.score!.away)).toBe(2);
      }
      if (f.sport === 'basketball') {
        expect(last.period).toBeGreaterThanOrEqual(4);
        expect(result.score!.home).not.toBe(result.score!.away);
      }
    }
  }, 15_000);
});
