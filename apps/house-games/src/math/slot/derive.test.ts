import { describe, expect, it } from 'vitest';
import { analyse, countsOf } from './analysis.ts';
import { deriveSlot, modelFor } from './derive.ts';
import { BASE_MODELS, TARGET_RTPS } from './models.ts';

describe('slot derivation from a game code', () => {
  it('is deterministic', () => {
    const a = deriveSlot('PG_FORTUNE_OX');
    const b = deriveSlot('PG_FORTUNE_OX', modelFor('PG_FORTUNE_OX').id);
    expect(b.math).toEqual(a.math);
    expect(b.theme).toBe(a.theme);
  });

  it('spreads codes over every base model and many themes', () => {
    const models = new Set<string>();
    const themes = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const g = deriveSlot(`SPREAD_${i}`);
      models.add(g.model);
      themes.add(`${g.theme}:${g.hue}`);
    }
    expect(models.size).toBe(BASE_MODELS.length);
    expect(themes.size).toBeGreaterThan(60);
  });

  it('lands every game within 0.1% of its target RTP (exact analysis)', () => {
    for (let i = 0; i < 240; i++) {
      const g = deriveSlot(`RTP_${i}`);
      expect(TARGET_RTPS).toContain(g.targetRtp);
      expect(Math.abs(g.analysis.rtp - g.targetRtp)).toBeLessThan(0.001);
      expect(g.analysis.freeSpinsPerSpin).toBeLessThan(0.3);
    }
  });

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

  it('has models with 25 lines or more and minimum bets on both sides of 1.00', () => {
    const games = Array.from({ length: 300 }, (_, i) => deriveSlot(`FILTER_${i}`));
    expect(games.some((g) => g.lines >= 25)).toBe(true);
    expect(games.some((g) => g.lines < 25)).toBe(true);
    expect(games.some((g) => g.minBet >= 100)).toBe(true);
    expect(games.some((g) => g.minBet < 100)).toBe(true);
  });
});
