import { describe, expect, it } from 'vitest';
import { withFavorite, withoutFavorite } from './favoriteIdsUpdate.ts';
import { createThrottle } from './throttle.ts';

describe('favourite toggle helpers', () => {
  it('lets one toggle through per 1000 ms', () => {
    let now = 0;
    const allow = createThrottle(1000, () => now);
    expect(allow()).toBe(true);
    now = 500;
    expect(allow()).toBe(false);
    now = 999;
    expect(allow()).toBe(false);
    now = 1000;
    expect(allow()).toBe(true);
  });

  it('adds once (newest first) and removes', () => {
    expect(withFavorite([2, 3], 1)).toEqual([1, 2, 3]);
    expect(withFavorite([1, 2], 2)).toEqual([1, 2]);
    expect(withFavorite(undefined, 5)).toEqual([5]);
    expect(withoutFavorite([1, 2, 3], 2)).toEqual([1, 3]);
    expect(withoutFavorite(undefined, 2)).toEqual([]);
  });
});
