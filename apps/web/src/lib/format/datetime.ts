/**
 * Date formatting in the merchant's time zone. Output is stable across locales
 * ("2025-06-01 18:30:00") so times line up in tables, with the GMT offset shown beside them.
 */
const partsFormatter = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string | undefined): Intl.DateTimeFormat => {
  const key = timeZone ?? '';
  let formatter = partsFormatter.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, ...(timeZone ? { timeZone } : {}) });
    } catch {
      // Unknown zone name from the brand configuration: fall back to the browser's zone.
      formatter = new Intl.DateTimeFormat('en-US', options);
    }
    partsFormatter.set(key, formatter);
  }
  return formatter;
};

export interface ZonedParts {
  date: string;
  time: string;
  /** "GMT+08:00"; UTC is "GMT+00:00" whatever the ICU build prints. */
  offset: string;
}

export const zonedParts = (value: Date, timeZone?: string): ZonedParts => {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(value)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    offset: !parts.timeZoneName || parts.timeZoneName === 'GMT' ? 'GMT+00:00' : parts.timeZoneName,
  };
};

/** "2025-06-01 18:30:00 (GMT-03:00)"; an unreadable input comes back as given. */
export const formatDateTime = (value: string | Date, timeZone?: string): string => {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const { date: day, time, offset } = zonedParts(date, timeZone);
  return `${day} ${time} (${offset})`;
};

/** "2025-06-01", the day in the merchant's time zone; an unreadable input comes back as given. */
export const formatDate = (value: string | Date, timeZone?: string): string => {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return zonedParts(date, timeZone).date;
};
