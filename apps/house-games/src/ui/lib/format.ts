import { lang } from './i18n.ts';

/** Minor units (as a string or bigint) in the player's currency, formatted by Intl. */
export interface Money {
  currency: string;
  exponent: number;
}

export const formatMoney = (minor: string | bigint | number, m: Money): string => {
  const n = Number(minor) / 10 ** m.exponent;
  const locale = lang === 'pt' ? 'pt-BR' : 'en-US';
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: m.currency,
      minimumFractionDigits: m.exponent,
      maximumFractionDigits: m.exponent,
    }).format(n);
  } catch {
    return `${n.toFixed(m.exponent)} ${m.currency}`;
  }
};

export const formatMultiplier = (cents: number) => (cents / 100).toFixed(2);
