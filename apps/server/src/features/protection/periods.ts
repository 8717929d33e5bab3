import type { LimitPeriod } from '@app/contract';

/**
 * The periods of money limits on the brand's clock (decision 062): a day from local midnight, a
 * week from Monday's local midnight, a month from the 1st's. Pure, so the edges (and daylight
 * saving changes) are tested without a database.
 */
const offsetMinutes = (at: Date, timeZone: string): number => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
};

/** The brand-local calendar date of a moment: year, month (1–12), day, weekday (0 = Monday). */
export const localDate = (at: Date, timeZone: string) => {
  const local = new Date(at.getTime() + offsetMinutes(at, timeZone) * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: (local.getUTCDay() + 6) % 7,
  };
};

/** The moment a brand-local date starts (its local midnight), whatever the offset that day. */
export const localMidnight = (year: number, month: number, day: number, timeZone: string): Date => {
  const guess = Date.UTC(year, month - 1, day);
  let at = new Date(guess - offsetMinutes(new Date(guess), timeZone) * 60_000);
  // The offset at the result may differ from the guess's (a change of offset that day): once more.
  at = new Date(guess - offsetMinutes(at, timeZone) * 60_000);
  return at;
};

/** The period of a money limit that holds `now`: [start, end). */
export const periodOf = (period: Exclude<LimitPeriod, 'session'>, now: Date, timeZone: string) => {
  const d = localDate(now, timeZone);
  if (period === 'day') {
    return {
      start: localMidnight(d.year, d.month, d.day, timeZone),
      end: localMidnight(d.year, d.month, d.day + 1, timeZone),
    };
  }
  if (period === 'week') {
    return {
      start: localMidnight(d.year, d.month, d.day - d.weekday, timeZone),
      end: localMidnight(d.year, d.month, d.day - d.weekday + 7, timeZone),
    };
  }
  return { start: localMidnight(d.year, d.month, 1, timeZone), end: localMidnight(d.year, d.month + 1, 1, timeZone) };
};

const DAY = 86_400_000;
/** When a time-out or self-exclusion of a period ends (null: indefinite). Months are calendar months. */
export const restrictionEnd = (period: string, from: Date): Date | null => {
  const months = (n: number) => {
    const d = new Date(from);
    d.setUTCMonth(d.getUTCMonth() + n);
    return d;
  };
  switch (period) {
    case '24h':
      return new Date(from.getTime() + DAY);
    case '7d':
      return new Date(from.getTime() + 7 * DAY);
    case '30d':
      return new Date(from.getTime() + 30 * DAY);
    case '6w':
      return new Date(from.getTime() + 42 * DAY);
    case '6m':
      return months(6);
    case '1y':
      return months(12);
    case '5y':
      return months(60);
    default:
      return null;
  }
};
