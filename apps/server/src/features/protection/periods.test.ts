import { describe, expect, it } from 'vitest';
import { localMidnight, periodOf, restrictionEnd } from './periods.ts';

const SP = 'America/Sao_Paulo'; // UTC−3, no daylight saving since 2019
const LONDON = 'Europe/London';

describe('limit periods on the brand clock', () => {
  it('a day runs from local midnight to the next', () => {
    const p = periodOf('day', new Date('2026-11-26T02:59:59.999Z'), SP);
    expect(p.start.toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-11-26T03:00:00.000Z');
    const next = periodOf('day', new Date('2026-11-26T03:00:00.000Z'), SP);
    expect(next.start.toISOString()).toBe('2026-11-26T03:00:00.000Z');
  });

  it('a week starts on Monday, a month on the 1st, across year ends', () => {
    // Sunday 2026-11-29 23:30 local is still the week of Monday 23 November.
    const w = periodOf('week', new Date('2026-11-30T02:30:00Z'), SP);
    expect(w.start.toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(w.end.toISOString()).toBe('2026-11-30T03:00:00.000Z');
    const m = periodOf('month', new Date('2027-01-01T02:59:00Z'), SP);
    expect(m.start.toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(m.end.toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });

  it('follows daylight saving: the day of the change is 23 or 25 hours', () => {
    const spring = periodOf('day', new Date('2026-03-29T12:00:00Z'), LONDON);
    expect(spring.start.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(spring.end.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(localMidnight(2026, 10, 25, LONDON).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(localMidnight(2026, 10, 26, LONDON).toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('restrictions end after their period; indefinite never', () => {
    const from = new Date('2026-01-31T10:00:00Z');
    expect(restrictionEnd('24h', from)?.toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(restrictionEnd('6w', from)?.toISOString()).toBe('2026-03-14T10:00:00.000Z');
    expect(restrictionEnd('6m', from)!.getTime()).toBeGreaterThan(from.getTime() + 180 * 86_400_000);
    expect(restrictionEnd('indefinite', from)).toBeNull();
  });
});
