import { MAX_REPORT_DAYS, type PERIOD_PRESETS } from '@app/contract';
import { AppError } from '../../../http/errors.ts';
import { localParts, periodOf, previousPeriod, zonedTime } from '../contracts/periods.ts';

/**
 * A report's period in the brand's time zone: a preset (today, this week, …) or custom local days,
 * both ends included. Resolves to the instants [start, end) and the local days it covers.
 */
export interface ReportPeriod {
  start: Date;
  end: Date;
  fromDay: string;
  toDay: string;
  timezone: string;
}

const dayOf = (instant: Date, tz: string) => {
  const p = localParts(instant, tz);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
};

const parseDay = (s: string) => {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? { y, m, d } : null;
};

export const resolvePeriod = (
  q: { period: (typeof PERIOD_PRESETS)[number]; from?: string | undefined; to?: string | undefined },
  tz: string,
  now = new Date(),
): ReportPeriod => {
  const span = (start: Date, end: Date): ReportPeriod => ({
    start,
    end,
    fromDay: dayOf(start, tz),
    toDay: dayOf(new Date(end.getTime() - 1), tz),
    timezone: tz,
  });
  const today = periodOf('daily', now, tz);
  switch (q.period) {
    case 'today':
      return span(today.start, today.end);
    case 'yesterday': {
      const y = previousPeriod(today, tz);
      return span(y.start, y.end);
    }
    case 'thisWeek': {
      const w = periodOf('dividend-W', now, tz);
      return span(w.start, w.end);
    }
    case 'lastWeek': {
      const w = previousPeriod(periodOf('dividend-W', now, tz), tz);
      return span(w.start, w.end);
    }
    case 'thisMonth': {
      const m = periodOf('dividend-M', now, tz);
      return span(m.start, m.end);
    }
    case 'lastMonth': {
      const m = previousPeriod(periodOf('dividend-M', now, tz), tz);
      return span(m.start, m.end);
    }
    case 'custom': {
      const fields: Record<string, string> = {};
      const from = q.from ? parseDay(q.from) : null;
      const to = q.to ? parseDay(q.to) : null;
      if (!q.from) fields.from = 'Choose a start date';
      else if (!from) fields.from = 'Not a calendar date';
      if (!q.to) fields.to = 'Choose an end date';
      else if (!to) fields.to = 'Not a calendar date';
      if (from && to) {
        const days = (Date.UTC(to.y, to.m - 1, to.d) - Date.UTC(from.y, from.m - 1, from.d)) / 86_400_000 + 1;
        if (days < 1) fields.to = 'The end date is before the start date';
        else if (days > MAX_REPORT_DAYS) fields.to = `Choose at most ${MAX_REPORT_DAYS} days`;
      }
      if (Object.keys(fields).length)
        throw new AppError('VALIDATION_FAILED', Object.values(fields)[0]!, 400, null, fields);
      const start = zonedTime(from!.y, from!.m, from!.d, 0, 0, tz);
      const endDay = new Date(Date.UTC(to!.y, to!.m - 1, to!.d + 1));
      const end = zonedTime(endDay.getUTCFullYear(), endDay.getUTCMonth() + 1, endDay.getUTCDate(), 0, 0, tz);
      return span(start, end);
    }
  }
};

export const periodValue = (p: ReportPeriod) => ({ from: p.fromDay, to: p.toDay, timezone: p.timezone });
