/**
 * Minor units ↔ what people read and type. Exact on strings and bigints (no floats): the wire
 * carries decimal strings of minor units (design.md §4).
 */
export const formatMinor = (minor: string | bigint, exponent: number, locale?: string): string => {
  const units = typeof minor === 'bigint' ? minor : BigInt(minor || '0');
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent) || '0';
  const fraction = exponent > 0 ? digits.slice(-exponent) : '';
  const decimal = `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
  try {
    return new Intl.NumberFormat(locale, { minimumFractionDigits: exponent, maximumFractionDigits: exponent }).format(
      decimal as unknown as number,
    );
  } catch {
    return decimal;
  }
};

/**
 * An amount typed by a person ("1.234,56", "1234.5", "50") as minor units, or null when it is not
 * one. The last '.' or ',' followed by at most `exponent` digits is the decimal separator; other
 * separators are thousands.
 */
export const parseAmount = (text: string, exponent: number): string | null => {
  const s = text.trim().replace(/\s/g, '');
  if (!s || !/^[0-9.,]+$/.test(s)) return null;
  const m = /^(.*?)[.,](\d+)$/.exec(s);
  let whole = s;
  let fraction = '';
  if (m && m[2]!.length <= exponent && exponent > 0) {
    whole = m[1]!;
    fraction = m[2]!;
  }
  whole = whole.replace(/[.,]/g, '');
  if (!/^\d*$/.test(whole) || (whole === '' && fraction === '')) return null;
  const units = BigInt((whole || '0') + fraction.padEnd(exponent, '0'));
  return units > 0n ? units.toString() : null;
};
