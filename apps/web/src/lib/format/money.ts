/**
 * Money travels as integer minor units (design.md §4); formatting is the client's job.
 * A string or bigint input keeps full precision.
 */
export interface MoneyFormat {
  currency: string;
  exponent: number;
  locale?: string;
}

export const formatMoney = (minor: string | number | bigint, { currency, exponent, locale }: MoneyFormat): string => {
  const units = typeof minor === 'bigint' ? minor : BigInt(typeof minor === 'number' ? Math.trunc(minor) : minor);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent) || '0';
  const fraction = exponent > 0 ? digits.slice(-exponent) : '';
  const decimal = `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
      // Intl accepts decimal strings exactly; no float rounding on large balances.
    }).format(decimal as unknown as number);
  } catch {
    return `${currency} ${decimal}`;
  }
};
