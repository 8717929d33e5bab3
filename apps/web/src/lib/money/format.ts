import type { Money } from './money.ts';

/*
 * Minor units for people to read. Exact on strings and bigints: the amount goes to Intl as a
 * decimal string, never through a float, so balances past 2^53 minor units print digit for digit.
 */

export type Minor = string | bigint;

/** "-123456", 2 → "-1234.56": the exact decimal of an amount in minor units. */
export const toDecimal = (minor: Minor, exponent: number): `${number}` => {
  const units = typeof minor === 'bigint' ? minor : BigInt(minor || '0');
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? `.${digits.slice(-exponent)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}` as `${number}`;
};

const formats = new Map<string, Intl.NumberFormat>();
const numberFormat = (money: Money, currency: boolean): Intl.NumberFormat => {
  const key = `${money.locale}|${currency ? money.currency : ''}|${money.exponent}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(money.locale, {
      ...(currency ? { style: 'currency', currency: money.currency } : {}),
      minimumFractionDigits: money.exponent,
      maximumFractionDigits: money.exponent,
    });
    formats.set(key, format);
  }
  return format;
};

/**
 * An amount with the brand's symbol where the reader's locale puts one: "R$ 1.234,56" in pt,
 * "R$1,234.56" in en, "-R$ 2,50" for a debit.
 */
export const formatMoney = (minor: Minor, money: Money): string => {
  const decimal = toDecimal(minor, money.exponent);
  try {
    return numberFormat(money, true)
      .formatToParts(decimal)
      .map((part) => (part.type === 'currency' ? money.symbol || part.value : part.value))
      .join('');
  } catch {
    // A currency Intl does not know: the brand's symbol before the plain number.
    return `${money.symbol} ${formatAmount(minor, money)}`;
  }
};

/** The number alone, grouped as the reader writes it: "1.234,56" in pt (the header's balance). */
export const formatAmount = (minor: Minor, money: Money): string => {
  const decimal = toDecimal(minor, money.exponent);
  try {
    return numberFormat(money, false).format(decimal);
  } catch {
    return decimal;
  }
};
