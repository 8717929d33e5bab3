import { lang } from './i18n.ts';

/** Minor units (as a string or bigint) in the player's currency, formatted by Intl. */
export interface Money {
  currency: string;
  exponent: number;
}

/** The Intl locale of each interface language (the brand's seven; decision 060). */
const LOCALES: Record<string, string> = {
  pt: 'pt-BR',
  en: 'en',
  es: 'es',
  zh: 'zh-CN',
  ja: 'ja-JP',
  th: 'th-TH',
  vi: 'vi-VN',
};
const locale = (): string => LOCALES[lang] ?? 'en';

let brandZone: string | undefined;

/** The brand's time zone from the launch link (`tz`); an unknown name is ignored (device zone). */
export const setTimeZone = (zone: string | null | undefined): void => {
  brandZone = undefined;
  if (!zone) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    brandZone = zone;
  } catch {
    // not a zone Intl knows
  }
};

export const formatMoney = (minor: string | bigint | number, m: Money): string => {
  const n = Number(minor) / 10 ** m.exponent;
  try {
    return new Intl.NumberFormat(locale(), {
      style: 'currency',
      currency: m.currency,
      minimumFractionDigits: m.exponent,
      maximumFractionDigits: m.exponent,
    }).format(n);
  } catch {
    return `${n.toFixed(m.exponent)} ${m.currency}`;
  }
};

/** A number with a fixed count of decimals, as the player's language writes it ("49,50" in pt). */
export const formatDecimal = (n: number, digits: number): string =>
  new Intl.NumberFormat(locale(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

/** A crash multiplier kept in hundredths: 250 → "2.50" (en), "2,50" (pt). */
export const formatMultiplier = (cents: number) => formatDecimal(cents / 100, 2);

/** The time of day of a bet on the brand's clock, in the player's language. */
export const formatTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    ...(brandZone ? { timeZone: brandZone } : {}),
  }).format(date);
};

/** A fixture's kick-off on the brand's clock: weekday, day, month and time ("sex., 27/11 18:30"). */
export const formatKickoff = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(brandZone ? { timeZone: brandZone } : {}),
  }).format(date);
};
