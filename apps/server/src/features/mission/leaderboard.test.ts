import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_SHOWN } from '@app/contract';
import { place, rankingFrom } from './service.ts';

/** A ranking as the database answers it: ranked by value descending, then member id; names for the first places. */
const read = (entries: { id: number; value: bigint }[]) =>
  rankingFrom(
    entries
      .filter((e) => e.value > 0n)
      .sort((a, b) => (a.value === b.value ? a.id - b.id : a.value > b.value ? -1 : 1))
      .map(
        (e, i) =>
          [e.id, String(e.value), i <= LEADERBOARD_SHOWN ? `m${e.id}` : null] as [number, string, string | null],
      ),
  );

describe('a leaderboard view: the kept ranking with the member’s own value now', () => {
  it('places the member among the others by value, then by member id', () => {
    const r = read([
      { id: 1, value: 50n },
      { id: 2, value: 80n },
      { id: 3, value: 10n },
    ]);
    // Member 3 has played since the ranking was read: 60 now, between 80 and 50.
    const { top, me } = place(r, 3, { username: 'm3', value: 60n });
    expect(top.map((p) => [p.rank, p.memberId, String(p.value)])).toEqual([
      [1, 2, '80'],
      [2, 3, '60'],
      [3, 1, '50'],
    ]);
    expect(me).toMatchObject({ rank: 2, memberId: 3, value: 60n });
    // A tie with member 2 at 80: the lower id goes first.
    expect(place(r, 3, { username: 'm3', value: 80n }).me?.rank).toBe(2);
    expect(place(r, 1, { username: 'm1', value: 80n }).me?.rank).toBe(1);
    // Nothing played: no place, and not in the list.
    const none = place(r, 4, { username: 'm4', value: 0n });
    expect(none.me).toBeNull();
    expect(none.top.map((p) => p.memberId)).toEqual([2, 1, 3]);
    // A member who may not be ranked (a trial account) is left out even when the ranking has them.
    expect(place(r, 1, null).top.map((p) => p.memberId)).toEqual([2, 3]);
  });

  it('equals ranking everyone afresh with the member’s value replaced (random boards)', () => {
    const entry = fc.record({ id: fc.integer({ min: 1, max: 40 }), value: fc.bigInt({ min: 0n, max: 30n }) });
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { selector: (e) => e.id, maxLength: 30 }),
        fc.integer({ min: 1, max: 40 }),
        fc.option(fc.bigInt({ min: 0n, max: 30n }), { nil: null }),
        (entries, memberId, now) => {
          const { top, me } = place(read(entries), memberId, now === null ? null : { username: 'me', value: now });
          // The reference: everyone as read, the member at their value now (or left out), ranked again.
          const everyone = entries.filter((e) => e.id !== memberId);
          if (now !== null) everyone.push({ id: memberId, value: now });
          const ranked = everyone
            .filter((e) => e.value > 0n)
            .sort((a, b) => (a.value === b.value ? a.id - b.id : a.value > b.value ? -1 : 1));
          expect(top.map((p) => [p.rank, p.memberId, p.value])).toEqual(
            ranked.slice(0, LEADERBOARD_SHOWN).map((e, i) => [i + 1, e.id, e.value]),
          );
          const mine = ranked.findIndex((e) => e.id === memberId);
          expect(me ? me.rank : null).toBe(mine < 0 ? null : mine + 1);
          for (const p of top) expect(p.username).toBe(p.memberId === memberId ? 'me' : `m${p.memberId}`);
        },
      ),
      { numRuns: 500 },
    );
  });
});
