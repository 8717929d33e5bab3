import { describe, expect, it } from 'vitest';
import { teenDuelExact } from './exact.ts';

describe('Teen Patti duel, exactly', () => {
  it('counts the tied pairs as the hand-count formula does', () => {
    // Distinct ranks (286 sets): non-flush hands (60 a set) tie with another of the same ranks on
    // the other suits, not a flush: 24 hands with three suits × 26 + 36 with two suits × 25 = 1524;
    // the four flushes of a set tie each other (12 ordered pairs). A pair (156 pair/kicker ranks,
    // 24 hands): the other two suits of the pair and another kicker suit, 24 × 3 = 72. Two trails of
    // one rank always share a card.
    const { pairs, ties } = teenDuelExact();
    expect(pairs).toBe(22_100n * 18_424n);
    expect(ties).toBe(286n * (1524n + 12n) + 156n * 72n);
  });
});
