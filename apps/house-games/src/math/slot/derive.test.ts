import { describe, expect, it } from 'vitest';
import { analyse, countsOf } from './analysis.ts';
import { deriveSlot, modelFor, slotSpec } from './derive.ts';
import { BASE_MODELS, TARGET_RTPS } from './models.ts';
import { SLOT_THEMES } from '../../shared/themes.ts';

describe('slot derivation from a game code', () => {
  it('is deterministic', () => {
    const a = deriveSlot('PG_FORTUNE_OX');
    const b = deriveSlot('PG_FORTUNE_OX', modelFor('PG_FORTUNE_OX').id);
    expect(b.math).toEqual(a.math);
    expect(b.theme).toBe(a.theme);
  });

  it('spreads codes over every base model and every theme', () => {
    const specs = Array.from({ length: 2000 }, (_, i) => slotSpec(`SPREAD_${i}`));
    expect(new Set(specs.map((g) => g.model)).size).toBe(BASE_MODELS.length);
    expect(new Set(specs.map((g) => g.theme)).size).toBe(SLOT_THEMES.length);
    expect(
      new Set(specs.map((g) => `${g.model}:${g.theme}:${g.lines}:${g.minBet}:${g.targetRtp}`)).size,
    ).toBeGreaterThan(500);
  });

  it('lands every game within 0.1% of its target RTP (exact analysis)', () => {
    for (let i = 0; i < 240; i++) {
      const g = deriveSlot(`RTP_${i}`);
      expect(TARGET_RTPS).toContain(g.targetRtp);
      expect(Math.abs(g.analysis.rtp - g.targetRtp)).toBeLessThan(0.001);
      expect(g.analysis.freeSpinsPerSpin).toBeLessThan(0.3);
    }
  }, 120_000);

  it('builds valid strips: scatters never closer than the rows shown, lengths in bounds', () => {
    for (const model of BASE_MODELS) {
      const g = deriveSlot('STRIPS', model.id);
      const sc = g.math.scatter?.symbol as number;
      g.math.strips.forEach((strip) => {
        expect(strip.length).toBeGreaterThanOrEqual(model.stripLength[0]);
        expect(strip.length).toBeLessThanOrEqual(model.stripLength[1]);
        const at = strip.flatMap((s, i) => (s === sc ? [i] : []));
        at.forEach((p, k) => {
          const next = at[(k + 1) % at.length] as number;
          const gap = (next - p + strip.length) % strip.length || strip.length;
          expect(gap).toBeGreaterThanOrEqual(g.math.rows);
        });
      });
      // The strips are a layout of the tuned counts: the analysis of the layout is the game's RTP.
      expect(analyse(g.math).rtp).toBe(g.analysis.rtp);
      expect(countsOf(g.math).every((c) => c.every((n) => n >= 0))).toBe(true);
    }
  });

  it('offers bet levels that are whole line bets, from the minimum bet up', () => {
    for (const model of BASE_MODELS) {
      const g = deriveSlot('BETS', model.id);
      expect(g.bets[0]).toBe(g.minBet);
      g.bets.forEach((b, i) => expect(b).toBe((g.coins[i] as number) * g.lines));
      expect([...g.bets].sort((x, y) => x - y)).toEqual(g.bets);
      expect(g.math.paylines.length).toBe(g.lines);
    }
  });

  it('publishes the same lines and bets without tuning (slotSpec)', () => {
    for (let i = 0; i < 60; i++) {
      const g = deriveSlot(`SPEC_${i}`);
      expect(slotSpec(`SPEC_${i}`)).toEqual({
        code: g.code,
        model: g.model,
        theme: g.theme,
        lines: g.lines,
        minBet: g.minBet,
        maxBet: g.maxBet,
        targetRtp: g.targetRtp,
      });
    }
  });

  it('has models with 25 lines or more and minimum bets on both sides of 1.00', () => {
    const games = Array.from({ length: 300 }, (_, i) => slotSpec(`FILTER_${i}`));
    expect(games.some((g) => g.lines >= 25)).toBe(true);
    expect(games.some((g) => g.lines < 25)).toBe(true);
    expect(games.some((g) => g.minBet >= 100)).toBe(true);
    expect(games.some((g) => g.minBet < 100)).toBe(true);
  }, 120_000);
});
