import { toDecimal, type Minor } from './format.ts';
import type { Money } from './money.ts';

/** The decimal mark people write in a locale: ',' in pt, es and vi, '.' in en, zh, ja and th. */
export const decimalMarkOf = (locale: string): ',' | '.' => {
  try {
    const mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
    return mark === ',' ? ',' : '.';
  } catch {
    return '.';
  }
};

/**
 * An amount as text to edit in a field: no symbol, no grouping, every minor digit, the given decimal
 * mark (the reader's by default): "1234,56" in pt. `parseMoney` reads it back to the same units.
 */
export const editableAmount = (
  minor: Minor,
  money: Pick<Money, 'exponent' | 'locale'>,
  mark: ',' | '.' = decimalMarkOf(money.locale),
): string => toDecimal(minor, money.exponent).replace('.', mark);

/** The contract's amounts have at most 15 digits of minor units (R$ 9.999.999.999.999,99). */
export const MAX_MINOR_DIGITS = 15;

export interface ParseOptions {
  /** A leading '-' or '+' is allowed (operator adjustments); elsewhere any sign is refused. */
  signed?: boolean;
  /** Zero is an amount (terms thresholds, limits); elsewhere it is refused. */
  zero?: boolean;
}

/**
 * What a person typed as an amount, in minor units ("1.234,56" → "123456"), or null when it is not
 * one. The rules, the same in every field of the site (decision 049):
 *
 * - Surrounding spaces are ignored; nothing else is. Only the ASCII digits 0-9 and the marks '.'
 *   and ',' are read: letters, inner spaces, '_', exponents ("1e3"), "NaN", currency symbols and
 *   other scripts' digits (full-width "１２", Arabic-Indic "١٢") are refused.
 * - A sign only where `signed` allows it. Marks sit between digits, one at a time (".5", "5,",
 *   "1..2" are refused).
 * - Which mark is the decimal point:
 *   - both marks present: the last one, which may appear only once ("1.234,56", "1,234.56");
 *   - one mark, several times: it groups thousands ("1.234.567");
 *   - one mark once, before exactly three digits ("1.000", "1,000"): the reader's locale decides;
 *     the locale's decimal mark is a decimal point, the other groups thousands;
 *   - one mark once, before any other number of digits: a decimal point ("12.5", "12,50").
 * - Grouping is checked: the first group has 1-3 digits and does not start with 0, every other
 *   group exactly 3 ("1.23.456" and "1234.567" as thousands are refused).
 * - At most `exponent` decimals (none for a currency without minor units), at most
 *   MAX_MINOR_DIGITS digits of minor units, and zero only where `zero` allows it.
 */
export const parseMoney = (
  text: string,
  money: Pick<Money, 'exponent' | 'locale'>,
  options: ParseOptions = {},
): string | null => {
  let body = text.trim();
  let negative = false;
  if (options.signed && (body.startsWith('-') || body.startsWith('+'))) {
    negative = body.startsWith('-');
    body = body.slice(1);
  }
  if (!/^[0-9]+(?:[.,][0-9]+)*$/.test(body)) return null;

  const marks = body.replace(/[0-9]/g, '');
  let whole = body;
  let fraction = '';
  let group: string | null = null;
  if (marks) {
    const last = marks.at(-1)!;
    let decimal: string | null;
    if (marks.includes(last === '.' ? ',' : '.')) {
      if (marks.indexOf(last) !== marks.length - 1) return null;
      decimal = last;
    } else if (marks.length > 1) {
      decimal = null;
    } else {
      const digitsAfter = body.length - body.indexOf(last) - 1;
      decimal = digitsAfter !== 3 || last === decimalMarkOf(money.locale) ? last : null;
    }
    if (decimal) {
      const at = body.lastIndexOf(decimal);
      whole = body.slice(0, at);
      fraction = body.slice(at + 1);
      group = marks.length > 1 ? (decimal === '.' ? ',' : '.') : null;
    } else {
      group = last;
    }
    if (group) {
      const groups = whole.split(group);
      const [first, ...rest] = groups;
      if (!/^[1-9][0-9]{0,2}$/.test(first!) || rest.some((g) => g.length !== 3)) return null;
      whole = groups.join('');
    }
  }
  if (fraction.length > money.exponent) return null;
  const minor = (whole + fraction.padEnd(money.exponent, '0')).replace(/^0+(?=[0-9])/, '');
  if (minor.length > MAX_MINOR_DIGITS) return null;
  if (minor === '0') return options.zero ? '0' : null;
  return negative ? `-${minor}` : minor;
};
