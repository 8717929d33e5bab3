import { describe, expect, it } from 'vitest';
import { periodText } from './Bits.tsx';

const TZ = 'America/Sao_Paulo'; // GMT−3, no daylight saving

describe('a settlement period as an agent reads it', () => {
  it('a quarter-hour of real-time salary: the day and the two times, never the raw key', () => {
    expect(periodText('2026-11-25T16:45:00.000Z', '2026-11-25T17:00:00.000Z', TZ)).toBe('2026-11-25 13:45–14:00');
  });

  it('the last hour of a day ends at midnight on the same day', () => {
    expect(periodText('2026-11-26T02:00:00.000Z', '2026-11-26T03:00:00.000Z', TZ)).toBe('2026-11-25 23:00–00:00');
  });

  it('a day is its date; a month runs to its last day', () => {
    expect(periodText('2026-11-25T03:00:00.000Z', '2026-11-26T03:00:00.000Z', TZ)).toBe('2026-11-25');
    expect(periodText('2026-11-01T03:00:00.000Z', '2026-12-01T03:00:00.000Z', TZ)).toBe('2026-11-01 – 2026-11-30');
  });

  it('follows the brand’s zone, not the reader’s', () => {
    expect(periodText('2026-11-25T16:45:00.000Z', '2026-11-25T17:00:00.000Z', 'Asia/Ho_Chi_Minh')).toBe(
      '2026-11-25 23:45–00:00',
    );
  });
});
