import { z } from 'zod';

/**
 * Text no field of a request may carry (decision 056): a NUL byte (PostgreSQL refuses it in text,
 * and C libraries cut strings at it) and a lone UTF-16 surrogate (no character at all; it turns into
 * U+FFFD or an error on its way to UTF-8). The server checks every string of every request part,
 * keys included, before the endpoint's schema runs, so a new field is covered without doing
 * anything; clients can use the same check.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_TEXT_MESSAGE = 'Text may not contain NUL bytes or broken characters';

export const isUnsafeText = (s: string): boolean => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** The path of the first string (value or key) in `value` that is unsafe text, or null. */
export const unsafeTextPath = (value: unknown): (string | number)[] | null => {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (isUnsafeText(v)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: [...path, i] }));
    } else if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [k, item] of Object.entries(v)) {
        if (isUnsafeText(k)) return [...path, k];
        stack.push({ v: item, path: [...path, k] });
      }
    }
  }
  return null;
};

/** The largest id of a `serial` (int4) column: a bigger one can name no row, and PostgreSQL refuses it. */
export const INT4_MAX = 2_147_483_647;

/** An id of a row with a `serial` key, as a query parameter or a JSON number. */
export const serialId = z.coerce.number().int().positive().max(INT4_MAX);

/** Whether yyyy-MM-dd text names a day of the calendar (2025-02-30 has the shape but is no day). */
export const isCalendarDay = (v: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
};
