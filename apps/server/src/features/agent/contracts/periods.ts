/**
 * Settlement periods in a merchant's time zone (pure, no I/O).
 *
 * Each settlement job has its own period: real-time salary every 5 minutes, hourly salary every
 * local hour, daily salary every local day, and dividends per their contract's period type (D daily,
 * W ISO week from Monday, H half month: 1st-15th and 16th-end, M calendar month). A period is the
 * half-open interval [start, end) of instants; consecutive periods touch (one's end is the next
 * one's start), so every instant belongs to exactly one period of a job.
 *
 * Keys name a period uniquely per job and read well in a record: local dates for day-or-longer
 * periods, and the local start time with its UTC offset for shorter ones (so the repeated hour of a
 * daylight-saving change still gets two different keys).
 */

export const SETTLEMENT_JOBS = [
  'realtime',
  'hourly',
  'daily',
  'dividend-D',
  'dividend-W',
  'dividend-H',
  'dividend-M',
] as const;
export type SettlementJob = (typeof SETTLEMENT_JOBS)[number];
export type DividendPeriodType = 'D' | 'W' | 'H' | 'M';

export interface Period {
  job: SettlementJob;
  key: string;
  start: Date;
  end: Date;
}

const MINUTE = 60_000;
export const REALTIME_MINUTES = 5;

export const dividendJob = (t: DividendPeriodType): SettlementJob => `dividend-${t}`;

interface LocalParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (tz: string) => {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
};

/** Throws a clear error for a time zone name the runtime does not know. */
export const assertTimeZone = (tz: string): void => {
  try {
    formatterOf(tz);
  } catch {
    throw new RangeError(`Unknown time zone: ${tz}`);
  }
};

export const localParts = (instant: Date, tz: string): LocalParts => {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(tz).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
};

/** Offset of local time from UTC at an instant, in minutes (e.g. -180 for UTC-3). */
export const offsetMinutes = (instant: Date, tz: string): number => {
  const p = localParts(instant, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE);
};

/**
 * The instant a local wall-clock time names. A time skipped by a daylight-saving jump resolves to
 * the first instant after the gap, the same way for every caller, so periods stay contiguous.
 */
export const zonedTime = (y: number, mo: number, d: number, h: number, mi: number, tz: string): Date => {
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - offsetMinutes(new Date(wall), tz) * MINUTE;
  const second = wall - offsetMinutes(new Date(first), tz) * MINUTE;
  if (second === first) return new Date(first);
  // Around a transition the two guesses differ; keep the one that really shows this wall time,
  // or, inside a gap, the later one (the first instant after the jump).
  const shows = (t: number) => {
    const p = localParts(new Date(t), tz);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall;
  };
  if (shows(first) && shows(second)) return new Date(Math.min(first, second));
  if (shows(first)) return new Date(first);
  if (shows(second)) return new Date(second);
  return new Date(Math.max(first, second));
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dateKey = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const offsetLabel = (mins: number) => {
  const sign = mins < 0 ? '-' : '+';
  const a = Math.abs(mins);
  return `${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
};
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** Civil date arithmetic on UTC so it never meets a time zone. */
const addDays = (y: number, m: number, d: number, n: number) => {
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};

/** ISO week-year and week number of a civil date. */
const isoWeek = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  const dow = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - dow);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return { year: t.getUTCFullYear(), week };
};

/** A sub-day period: fixed length, aligned to the local clock (local hour or local 5-minute mark). */
const clockPeriod = (job: SettlementJob, instant: Date, tz: string, minutes: number): Period => {
  const p = localParts(instant, tz);
  const intoLocal = ((p.hour * 60 + p.minute) % minutes) * MINUTE + p.second * 1000 + (instant.getTime() % 1000);
  const start = new Date(instant.getTime() - intoLocal);
  const s = localParts(start, tz);
  const key = `${dateKey(s.year, s.month, s.day)}T${pad(s.hour)}:${pad(s.minute)}${offsetLabel(offsetMinutes(start, tz))}`;
  return { job, key, start, end: new Date(start.getTime() + minutes * MINUTE) };
};

/** The period of `job` that contains `instant`. */
export const periodOf = (job: SettlementJob, instant: Date, tz: string): Period => {
  if (job === 'realtime') return clockPeriod(job, instant, tz, REALTIME_MINUTES);
  if (job === 'hourly') return clockPeriod(job, instant, tz, 60);
  const { year: y, month: m, day: d } = localParts(instant, tz);
  const at = (c: { y: number; m: number; d: number }) => zonedTime(c.y, c.m, c.d, 0, 0, tz);
  switch (job) {
    case 'daily':
    case 'dividend-D':
      return { job, key: dateKey(y, m, d), start: at({ y, m, d }), end: at(addDays(y, m, d, 1)) };
    case 'dividend-W': {
      const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
      const monday = addDays(y, m, d, 1 - dow);
      const w = isoWeek(monday.y, monday.m, monday.d);
      return {
        job,
        key: `${w.year}-W${pad(w.week)}`,
        start: at(monday),
        end: at(addDays(monday.y, monday.m, monday.d, 7)),
      };
    }
    case 'dividend-H': {
      const first = d <= 15;
      const start = { y, m, d: first ? 1 : 16 };
      const end = first ? { y, m, d: 16 } : addDays(y, m, daysInMonth(y, m), 1);
      return { job, key: `${y}-${pad(m)}-${first ? 'H1' : 'H2'}`, start: at(start), end: at(end) };
    }
    case 'dividend-M': {
      const end = addDays(y, m, daysInMonth(y, m), 1);
      return { job, key: `${y}-${pad(m)}`, start: at({ y, m, d: 1 }), end: at(end) };
    }
  }
};

export const nextPeriod = (p: Period, tz: string): Period => periodOf(p.job, p.end, tz);
export const previousPeriod = (p: Period, tz: string): Period => periodOf(p.job, new Date(p.start.getTime() - 1), tz);

/**
 * The periods of `job` that ended in (after, until]: what a scheduler still owes after a gap,
 * oldest first, at most `limit` of them (the rest come on the next run).
 */
export const completedPeriods = (
  job: SettlementJob,
  after: Date,
  until: Date,
  tz: string,
  limit = 10_000,
): Period[] => {
  const out: Period[] = [];
  if (until.getTime() <= after.getTime()) return out;
  // The first period that ends strictly after `after`.
  let p = periodOf(job, after, tz);
  while (p.end.getTime() <= until.getTime() && out.length < limit) {
    out.push(p);
    p = nextPeriod(p, tz);
  }
  return out;
};

/** Parses a key back into its period (keys come back from the URL and from stored records). */
export const periodFromKey = (job: SettlementJob, key: string, tz: string): Period | null => {
  let probe: Date | null = null;
  const clock = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})([+-])(\d{2}):(\d{2})$/.exec(key);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  const week = /^(\d{4})-W(\d{2})$/.exec(key);
  const half = /^(\d{4})-(\d{2})-H([12])$/.exec(key);
  const month = /^(\d{4})-(\d{2})$/.exec(key);
  if ((job === 'realtime' || job === 'hourly') && clock) {
    const [y, mo, d, h, mi, oh, om] = [1, 2, 3, 4, 5, 7, 8].map((i) => Number(clock[i]));
    const off = (clock[6] === '-' ? -1 : 1) * (oh! * 60 + om!);
    probe = new Date(Date.UTC(y!, mo! - 1, d, h, mi) - off * MINUTE);
  } else if ((job === 'daily' || job === 'dividend-D') && day) {
    probe = zonedTime(Number(day[1]), Number(day[2]), Number(day[3]), 12, 0, tz);
  } else if (job === 'dividend-W' && week) {
    // The 4th of January is always in ISO week 1.
    const y = Number(week[1]);
    const jan4 = new Date(Date.UTC(y, 0, 4));
    const monday = addDays(y, 1, 4, 1 - (jan4.getUTCDay() || 7));
    const c = addDays(monday.y, monday.m, monday.d, (Number(week[2]) - 1) * 7 + 3);
    probe = zonedTime(c.y, c.m, c.d, 12, 0, tz);
  } else if (job === 'dividend-H' && half) {
    probe = zonedTime(Number(half[1]), Number(half[2]), half[3] === '1' ? 10 : 20, 12, 0, tz);
  } else if (job === 'dividend-M' && month) {
    probe = zonedTime(Number(month[1]), Number(month[2]), 10, 12, 0, tz);
  }
  if (!probe || Number.isNaN(probe.getTime())) return null;
  const p = periodOf(job, probe, tz);
  return p.key === key ? p : null;
};
