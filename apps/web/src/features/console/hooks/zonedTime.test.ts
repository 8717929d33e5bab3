import { describe, expect, it } from 'vitest';
import { isoToZoned, zonedToIso } from './zonedTime.ts';

describe('console times in the brand’s zone', () => {
  it('reads a wall-clock time on the zone’s clock, whatever the computer’s zone', () => {
    expect(zonedToIso('2026-11-22T14:30', 'America/Sao_Paulo')).toBe('2026-11-22T14:30:00-03:00');
    expect(zonedToIso('2026-07-01T09:05', 'Asia/Tokyo')).toBe('2026-07-01T09:05:00+09:00');
    expect(zonedToIso('2026-01-15T00:00', 'UTC')).toBe('2026-01-15T00:00:00+00:00');
    // Summer and winter differ where the zone keeps daylight saving time.
    expect(zonedToIso('2026-07-01T12:00', 'Europe/Lisbon')).toBe('2026-07-01T12:00:00+01:00');
    expect(zonedToIso('2026-12-01T12:00', 'Europe/Lisbon')).toBe('2026-12-01T12:00:00+00:00');
  });

  it('shows an instant on the zone’s clock and round-trips', () => {
    expect(isoToZoned('2026-11-22T17:30:00Z', 'America/Sao_Paulo')).toBe('2026-11-22T14:30');
    for (const zone of ['America/Sao_Paulo', 'Asia/Ho_Chi_Minh', 'Europe/Lisbon']) {
      const iso = zonedToIso('2026-03-10T08:45', zone)!;
      expect(isoToZoned(iso, zone)).toBe('2026-03-10T08:45');
    }
  });

  it('refuses what a datetime field would not hold', () => {
    expect(zonedToIso('', 'UTC')).toBeNull();
    expect(zonedToIso('2026-11-22 14:30', 'UTC')).toBeNull();
  });
});
