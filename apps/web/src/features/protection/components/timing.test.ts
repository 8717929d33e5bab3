import { describe, expect, it } from 'vitest';
import { nextCheckAt } from './RealityCheck.tsx';
import { elapsedText } from './SessionClock.tsx';

describe('the reality check and the session clock', () => {
  it('checks at every multiple of the interval from the session start', () => {
    const start = Date.parse('2026-11-26T00:00:00Z');
    const min = 60_000;
    expect(nextCheckAt(start, 15 * min, start)).toBe(start + 15 * min);
    expect(nextCheckAt(start, 15 * min, start + 14 * min)).toBe(start + 15 * min);
    expect(nextCheckAt(start, 15 * min, start + 15 * min)).toBe(start + 30 * min);
    expect(nextCheckAt(start, 60 * min, start + 61 * min)).toBe(start + 120 * min);
  });

  it('shows the time logged in as H:MM:SS', () => {
    expect(elapsedText(0)).toBe('0:00:00');
    expect(elapsedText(3_725_000)).toBe('1:02:05');
    expect(elapsedText(-5)).toBe('0:00:00');
  });
});
