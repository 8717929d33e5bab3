import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SETTLEMENT_JOBS,
  completedPeriods,
  nextPeriod,
  offsetMinutes,
  periodFromKey,
  periodOf,
  previousPeriod,
  zonedTime,
} from './periods.ts';

const SP = 'America/Sao_Paulo'; // UTC-3, no daylight saving since 2019
const NY = 'America/New_York'; // daylight saving
const KOLKATA = 'Asia/Kolkata'; // UTC+5:30

const iso = (d: Date) => d.toISOString();

describe('period arithmetic in the merchant time zone', () => {
  it('daily periods run from local midnight to local midnight', () => {
    const p = periodOf('daily', new Date('2026-01-15T02:30:00Z'), SP); // 23:30 on the 14th in São Paulo
    expect(p.key).toBe('2026-01-14');
    expect(iso(p.start)).toBe('2026-01-14T03:00:00.000Z');
    expect(iso(p.end)).toBe('2026-01-15T03:00:00.000Z');
  });

  it('real-time periods are local 5-minute slots keyed with their offset', () => {
    const p = periodOf('realtime', new Date('2026-01-15T13:07:59.999Z'), SP);
    expect(p.key).toBe('2026-01-15T10:05-03:00');
    expect(iso(p.start)).toBe('2026-01-15T13:05:00.000Z');
    expect(iso(p.end)).toBe('2026-01-15T13:10:00.000Z');
  });

  it('hourly periods follow the local hour, also at a half-hour offset', () => {
    const p = periodOf('hourly', new Date('2026-01-15T10:10:00Z'), KOLKATA); // 15:40 local
    expect(p.key).toBe('2026-01-15T15:00+05:30');
    expect(iso(p.start)).toBe('2026-01-15T09:30:00.000Z');
    expect(iso(p.end)).toBe('2026-01-15T10:30:00.000Z');
  });

  it('weeks start on Monday and use ISO week numbers across the new year', () => {
    const p = periodOf('dividend-W', new Date('2026-01-01T12:00:00Z'), SP); // a Thursday
    expect(p.key).toBe('2026-W01');
    expect(iso(p.start)).toBe('2025-12-29T03:00:00.000Z');
    expect(iso(p.end)).toBe('2026-01-05T03:00:00.000Z');
    expect(periodOf('dividend-W', new Date('2027-01-01T12:00:00Z'), SP).key).toBe('2026-W53');
  });

  it('semimonthly halves are the 1st-15th and the 16th-end of month, February included', () => {
    const first = periodOf('dividend-H', new Date('2024-02-15T20:00:00Z'), SP);
    expect(first.key).toBe('2024-02-H1');
    expect(iso(first.end)).toBe('2024-02-16T03:00:00.000Z');
    const second = nextPeriod(first, SP);
    expect(second.key).toBe('2024-02-H2');
    expect(iso(second.end)).toBe('2024-03-01T03:00:00.000Z'); // leap year: 29 days
    expect(nextPeriod(second, SP).key).toBe('2024-03-H1');
  });

  it('months run from the 1st to the 1st', () => {
    const p = periodOf('dividend-M', new Date('2026-12-31T23:00:00Z'), SP);
    expect(p.key).toBe('2026-12');
    expect(nextPeriod(p, SP).key).toBe('2027-01');
  });

  it('a daylight-saving day is 23 or 25 hours long and the repeated hour gets two keys', () => {
    const spring = periodOf('daily', new Date('2026-03-08T12:00:00Z'), NY);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const fall = periodOf('daily', new Date('2026-11-01T12:00:00Z'), NY);
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * 3_600_000);
    const a = periodOf('hourly', new Date('2026-11-01T05:30:00Z'), NY); // 01:30 EDT
    const b = periodOf('hourly', new Date('2026-11-01T06:30:00Z'), NY); // 01:30 EST
    expect(a.key).toBe('2026-11-01T01:00-04:00');
    expect(b.key).toBe('2026-11-01T01:00-05:00');
    expect(nextPeriod(a, NY).key).toBe(b.key);
  });

  it('a local time skipped by a jump resolves to the first instant after the gap', () => {
    const t = zonedTime(2026, 3, 8, 2, 30, NY); // 02:30 does not exist that day
    expect(iso(t)).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    expect(offsetMinutes(t, NY)).toBe(-240);
  });

  it('catches up every missed period after downtime, oldest first, and no more', () => {
    const after = new Date('2026-01-15T13:02:00Z');
    const until = new Date('2026-01-15T13:31:00Z');
    const missed = completedPeriods('realtime', after, until, SP);
    expect(missed.map((p) => p.key)).toEqual([
      '2026-01-15T10:00-03:00',
      '2026-01-15T10:05-03:00',
      '2026-01-15T10:10-03:00',
      '2026-01-15T10:15-03:00',
      '2026-01-15T10:20-03:00',
      '2026-01-15T10:25-03:00',
    ]);
    expect(completedPeriods('realtime', after, until, SP, 2)).toHaveLength(2);
    expect(completedPeriods('daily', until, after, SP)).toEqual([]);
    // A period that has not ended yet is never owed.
    expect(completedPeriods('daily', after, until, SP)).toEqual([]);
  });

  it('keys parse back to the same period for every job', () => {
    for (const job of SETTLEMENT_JOBS) {
      for (const tz of [SP, NY, KOLKATA]) {
        const p = periodOf(job, new Date('2026-11-01T06:30:00Z'), tz);
        const back = periodFromKey(job, p.key, tz);
        expect(back && iso(back.start)).toBe(iso(p.start));
      }
    }
    expect(periodFromKey('daily', '2026-02-30', SP)).toBeNull();
    expect(periodFromKey('dividend-W', '2026-01-15', SP)).toBeNull();
    expect(periodFromKey('realtime', '2026-01-15T10:03-03:00', SP)).toBeNull();
  });

  it('periods of every job tile time: contiguous, containing, and key-unique', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SETTLEMENT_JOBS),
        fc.constantFrom(SP, NY, KOLKATA, 'UTC', 'Asia/Tokyo'),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        (job, tz, at) => {
          const p = periodOf(job, at, tz);
          expect(p.start.getTime()).toBeLessThanOrEqual(at.getTime());
          expect(p.end.getTime()).toBeGreaterThan(at.getTime());
          const n = nextPeriod(p, tz);
          expect(n.start.getTime()).toBe(p.end.getTime());
          expect(n.key).not.toBe(p.key);
          expect(previousPeriod(n, tz).key).toBe(p.key);
        },
      ),
      { numRuns: 400 },
    );
  });
});
