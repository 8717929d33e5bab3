import { describe, expect, it } from 'vitest';
import { formatDateTime, zonedParts } from './datetime.ts';

describe('formatDateTime', () => {
  it('shows the time in the brand’s zone with its offset', () => {
    expect(formatDateTime('2026-06-01T21:30:05Z', 'America/Sao_Paulo')).toBe('2026-06-01 18:30:05 (GMT-03:00)');
    expect(formatDateTime('2026-06-01T21:30:05Z', 'Asia/Shanghai')).toBe('2026-06-02 05:30:05 (GMT+08:00)');
  });

  it('falls back to the browser zone for an unknown zone and keeps bad input as is', () => {
    expect(formatDateTime('2026-06-01T21:30:05Z', 'Not/AZone')).toMatch(/^2026-06-0[12] \d{2}:30:05 \(GMT/);
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('splits date, time and offset for the agent clock', () => {
    expect(zonedParts(new Date('2026-01-01T00:00:00Z'), 'UTC')).toEqual({
      date: '2026-01-01',
      time: '00:00:00',
      offset: 'GMT+00:00',
    });
  });
});
