/**
 * Date formatting in the merchant's time zone, with the GMT offset shown beside full times. Given
 * the reader's language, dates and times are written as that language writes them (decision 060:
 * "26/11/2026 18:30:00" in pt, "2026/11/26 18:30:00" in zh, "18:30:00 26/11/2026" in vi); without
 * one, in a stable numeric form ("2025-06-01 18:30:00") for clocks and machine-like labels.
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

/**
 * The Intl locale that writes numeric dates as each interface language's readers do. English is
 * the British order (day first, as the brand's Brazilian home market reads it too); Thai keeps the
 * Gregorian year that the date filters and the server's periods use.
 */
const DATE_LOCALES: Record<string, string> = {
  pt: 'pt-BR',
  en: 'en-GB',
  es: 'es-ES',
  zh: 'zh-CN',
  ja: 'ja-JP',
  th: 'th-TH-u-ca-gregory',
  vi: 'vi-VN',
};

export type DateStyle = 'dateTime' | 'date' | 'minutes' | 'time';
const FIELDS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
  minutes: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
};

const localFormats = new Map<string, Intl.DateTimeFormat>();
const localFormat = (language: string, style: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat => {
  const locale = DATE_LOCALES[language.slice(0, 2)] ?? 'en-GB';
  const key = `${locale}|${style}|${timeZone ?? ''}`;
  let format = localFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { ...FIELDS[style], hourCycle: 'h23' };
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    } catch {
      format = new Intl.DateTimeFormat(locale, options);
    }
    localFormats.set(key, format);
  }
  return format;
};

const readDate = (value: string | Date): Date | null => {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * A moment in the reader's language on the brand's clock, without the offset ("26/11/2026 18:30"
 * for `minutes` in pt); an unreadable input comes back as given.
 */
export const formatLocal = (value: string | Date, timeZone: string | undefined, language: string, style: DateStyle) => {
  const date = readDate(value);
  return date ? localFormat(language, style, timeZone).format(date) : String(value);
};

/**
 * "26/11/2026, 18:30:00 (GMT-03:00)" in pt, or "2025-06-01 18:30:00 (GMT-03:00)" without a
 * language; an unreadable input comes back as given.
 */
export const formatDateTime = (value: string | Date, timeZone?: string, language?: string): string => {
  const date = readDate(value);
  if (!date) return String(value);
  const { date: day, time, offset } = zonedParts(date, timeZone);
  return language ? `${formatLocal(date, timeZone, language, 'dateTime')} (${offset})` : `${day} ${time} (${offset})`;
};

/** The day in the merchant's time zone ("26/11/2026" in pt, "2025-06-01" without a language). */
export const formatDate = (value: string | Date, timeZone?: string, language?: string): string => {
  const date = readDate(value);
  if (!date) return String(value);
  return language ? formatLocal(date, timeZone, language, 'date') : zonedParts(date, timeZone).date;
};
