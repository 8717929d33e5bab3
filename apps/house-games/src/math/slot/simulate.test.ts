import { describe, expect, it } from 'vitest';
import { deriveSlot } from './derive.ts';
import { BASE_MODELS } from './models.ts';
import { simulateSlot } from './simulate.ts';

/**
 * Simulation against the exact RTP. The tolerance is statistical: 4.5 standard errors of the
 * estimate (a false alarm about once in 150,000 runs), and the seeds are fixed so runs repeat.
 */
describe('slot simulation agrees with the exact RTP', () => {
  it('1,000,000 spins of a 25-line game', () => {
    const g = deriveSlot('SIM_MILLION', 'video-5x3');
    const sim = simulateSlot(g.math, 1_000_000, 'million');
    expect(sim.spins).toBe(1_000_000);
    expect(Math.abs(sim.rtp - g.analysis.rtp)).toBeLessThan(4.5 * sim.standardError);
    expect(sim.standardError).toBeLessThan(0.01);
  }, 120_000);

  it.each(BASE_MODELS.map((m) => m.id))(
    '300,000 spins of model %s',
    (model) => {
      const g = deriveSlot('SIM_MODEL', model);
      const sim = simulateSlot(g.math, 300_000, `model-${model}`);
      expect(Math.abs(sim.rtp - g.analysis.rtp)).toBeLessThan(4.5 * sim.standardError);
      // The feature shows up about as often as the analysis says.
      const expected = g.analysis.featureChance * sim.spins;
      expect(Math.abs(sim.featureRate * sim.spins - expected)).toBeLessThan(4.5 * Math.sqrt(expected) + 1);
    },
    120_000,
  );

  it('notices a wrong paytable (the check can fail)', () => {
    const g = deriveSlot('SIM_BROKEN', 'fruit-5x3');
    const broken = { ...g.math, symbols: g.math.symbols.map((s) => ({ ...s, pays: s.pays.map((p) => p * 1.1) })) };
    const sim = simulateSlot(broken, 300_000, 'broken');
    expect(Math.abs(sim.rtp - g.analysis.rtp)).toBeGreaterThan(4.5 * sim.standardError);
  }, 120_000);
});
