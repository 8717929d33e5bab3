import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLocal, zonedParts } from './datetime.ts';

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

describe('dates in the reader’s language (decision 060)', () => {
  const at = '2026-06-01T21:30:05Z';
  it('writes the brand’s clock in each language’s own order, with the offset', () => {
    // Chromium and Node may differ on the comma after the date; the order and the digits may not.
    expect(formatDateTime(at, 'America/Sao_Paulo', 'pt')).toMatch(/^01\/06\/2026,? 18:30:05 \(GMT-03:00\)$/);
    expect(formatDateTime(at, 'America/Sao_Paulo', 'zh')).toBe('2026/06/01 18:30:05 (GMT-03:00)');
    expect(formatDateTime(at, 'America/Sao_Paulo', 'vi')).toBe('18:30:05 01/06/2026 (GMT-03:00)');
    expect(formatDateTime(at, 'Asia/Shanghai', 'ja')).toBe('2026/06/02 05:30:05 (GMT+08:00)');
  });

  it('keeps the Gregorian year in Thai and the day first in English', () => {
    expect(formatDate(at, 'America/Sao_Paulo', 'th')).toBe('01/06/2026');
    expect(formatDate(at, 'America/Sao_Paulo', 'en')).toBe('01/06/2026');
    expect(formatLocal(at, 'America/Sao_Paulo', 'es', 'minutes')).toMatch(/^01\/06\/2026,? 18:30$/);
    expect(formatLocal(at, 'America/Sao_Paulo', 'zh', 'time')).toBe('18:30:05');
  });

  it('keeps bad input as is', () => {
    expect(formatLocal('soon', 'UTC', 'pt', 'date')).toBe('soon');
    expect(formatDate('soon', 'UTC', 'pt')).toBe('soon');
  });
});
