import type { DASHBOARD_PERIODS } from '@app/contract';
import { AppError } from '../../../http/errors.ts';

/** Local-day arithmetic on yyyy-MM-dd strings (no time zone involved once the day is known). */

export interface DashboardQuery {
  period: (typeof DASHBOARD_PERIODS)[number];
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 86_400_000;
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const addDays = (day: string, n: number) => new Date(utcOf(day) + n * DAY_MS).toISOString().slice(0, 10);

export const daysBetween = (from: string, to: string) => Math.round((utcOf(to) - utcOf(from)) / DAY_MS);

/** Every day from `from` to `to`, both included. */
export const periodDays = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

/** Today in a time zone. */
export const localToday = (timezone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/** A range of local days a person chose: the first not after the last, at most `maxDays` long; else a 400. */
export const checkRange = (from: string, to: string, maxDays: number) => {
  if (from > to) {
    throw new AppError('VALIDATION_FAILED', 'The first day comes after the last', 400, null, {
      from: 'The first day comes after the last',
    });
  }
  if (daysBetween(from, to) + 1 > maxDays) {
    throw new AppError('VALIDATION_FAILED', `Choose at most ${maxDays} days`, 400, null, {
      to: `Choose at most ${maxDays} days`,
    });
  }
};
