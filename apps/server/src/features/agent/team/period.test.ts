import { describe, expect, it } from 'vitest';
import { resolvePeriod } from './period.ts';

const SP = 'America/Sao_Paulo';
const now = new Date('2026-03-04T02:00:00Z'); // Tuesday 3 March, 23:00 in São Paulo

describe('report periods', () => {
  it.each([
    ['today', '2026-03-03', '2026-03-03', '2026-03-03T03:00:00.000Z', '2026-03-04T03:00:00.000Z'],
    ['yesterday', '2026-03-02', '2026-03-02', '2026-03-02T03:00:00.000Z', '2026-03-03T03:00:00.000Z'],
    ['thisWeek', '2026-03-02', '2026-03-08', '2026-03-02T03:00:00.000Z', '2026-03-09T03:00:00.000Z'],
    ['lastWeek', '2026-02-23', '2026-03-01', '2026-02-23T03:00:00.000Z', '2026-03-02T03:00:00.000Z'],
    ['thisMonth', '2026-03-01', '2026-03-31', '2026-03-01T03:00:00.000Z', '2026-04-01T03:00:00.000Z'],
    ['lastMonth', '2026-02-01', '2026-02-28', '2026-02-01T03:00:00.000Z', '2026-03-01T03:00:00.000Z'],
  ] as const)('%s is %s..%s in the brand time zone', (period, from, to, start, end) => {
    const p = resolvePeriod({ period }, SP, now);
    expect([p.fromDay, p.toDay, p.start.toISOString(), p.end.toISOString()]).toEqual([from, to, start, end]);
  });

  it('custom days include both ends', () => {
    const p = resolvePeriod({ period: 'custom', from: '2026-02-27', to: '2026-03-01' }, SP, now);
    expect([p.start.toISOString(), p.end.toISOString()]).toEqual([
      '2026-02-27T03:00:00.000Z',
      '2026-03-02T03:00:00.000Z',
    ]);
  });

  it('refuses a missing, impossible, reversed or too long custom range, one message per field', () => {
    const err = (q: Record<string, string>) => {
      try {
        resolvePeriod({ period: 'custom', ...q }, SP, now);
        return null;
      } catch (e) {
        return (e as { fields?: Record<string, string> }).fields;
      }
    };
    expect(err({})).toEqual({ from: 'Choose a start date', to: 'Choose an end date' });
    expect(err({ from: '2026-02-30', to: '2026-03-01' })).toEqual({ from: 'Not a calendar date' });
    expect(err({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ to: 'The end date is before the start date' });
    expect(err({ from: '2025-01-01', to: '2026-03-01' })).toEqual({ to: 'Choose at most 93 days' });
  });
});
