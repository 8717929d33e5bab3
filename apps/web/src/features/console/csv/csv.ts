/**
 * CSV made in the browser from the rows on the screen (decision 084), so the file cannot differ
 * from what the operator reads:
 *
 * - RFC 4180: a field is quoted when it holds a comma, a double quote or a line break, and a quote
 *   inside it is doubled; every line (the last one too) ends in CRLF.
 * - Amounts are plain decimals in major units with a dot ("1234.50", "-0.07"), never the screen's
 *   localised "R$ 1.234,50": a spreadsheet in any language reads them as numbers.
 * - A text that a spreadsheet would run as a formula (first character `=`, `+`, `-`, `@`, a tab or
 *   a carriage return) is written with a `'` in front. Numbers and amounts are not texts: "-0.07"
 *   stays a negative number.
 */

/** A number written as it is (an amount in major units, a count): never quoted, never prefixed. */
export interface CsvNumber {
  readonly csvNumber: string;
}
export type CsvCell = string | number | CsvNumber | null | undefined;

const SCRIPT_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** An amount of minor units ("-7", exponent 2) as a CSV number in major units ("-0.07"). */
export const csvAmount = (minor: string | bigint, exponent: number): CsvNumber => {
  const units = typeof minor === 'bigint' ? minor : BigInt(minor || '0');
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? `.${digits.slice(-exponent)}` : '';
  return { csvNumber: `${negative ? '-' : ''}${whole}${fraction}` };
};

/** One field as it goes into the file. */
export const csvField = (cell: CsvCell): string => {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'object') return cell.csvNumber;
  const text = SCRIPT_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The whole file: the header line, then a line per row, each ending in CRLF. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  [header, ...rows].map((line) => `${line.map(csvField).join(',')}\r\n`).join('');

/**
 * Hands the text to the browser as a file download. UTF-8 with a byte-order mark, so a spreadsheet
 * opened by double-click reads accents and CJK names right (the mark is not part of the first field).
 */
export const downloadCsv = (filename: string, text: string): void => {
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser the time to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
