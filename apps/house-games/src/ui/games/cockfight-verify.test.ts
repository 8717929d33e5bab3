import { describe, expect, it } from 'vitest';
import { newServerSeed } from '../../math/fair/hmac.ts';
import { simulatedProbabilities, simulatedResult } from '../../math/fair/cockfight.ts';
import { recomputeFight } from './cockfight-verify.ts';

describe('the cockfight verify page recomputes a fight as the server decided it', () => {
  it('gives the same form and result as the feed for 300 random seeds and fight numbers', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const seed = newServerSeed();
      const fightNo = 1 + i * 7;
      const form = simulatedProbabilities(seed, fightNo);
      const again = await recomputeFight(seed, fightNo);
      expect(again.form).toEqual(form);
      expect(again.result).toBe(simulatedResult(seed, fightNo, form));
      seen.add(again.result);
    }
    // Every outcome came up, so the comparison covered each branch.
    expect(seen).toEqual(new Set(['MERON', 'WALA', 'DRAW']));
  });

  it('another fight number or another seed gives another draw, and a bad fight number is refused', async () => {
    const seed = 'f'.repeat(64);
    const forms = await Promise.all([1, 2, 3, 4].map((n) => recomputeFight(seed, n)));
    expect(new Set(forms.map((f) => JSON.stringify(f.form))).size).toBeGreaterThan(1);
    await expect(recomputeFight(seed, -1)).rejects.toThrow(RangeError);
    await expect(recomputeFight(seed, 1.5)).rejects.toThrow(RangeError);
  });
});
