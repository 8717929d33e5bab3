import { z } from 'zod';

/**
 * Money on the wire, read in one place (decision 053). Every amount a client or a vendor sends is a
 * string of plain ASCII digits meaning whole minor units ("12345" = 123.45 in a 2-decimal
 * currency), at most 15 digits. Nothing else is an amount: no decimal point ("10.5", ".5"), no
 * exponent ("1e3"), no separators ("1,000", "1_000"), no sign unless the field is signed, no
 * "NaN" or "Infinity", no other script's digits (full-width "１０", Arabic-Indic "١٠"), no JSON
 * numbers. Every money schema of the contract is built here, and `parseMinorUnits` is the same rule
 * for code that reads an amount outside a schema; a value it refuses never reaches `BigInt`.
 */

/** Digits an amount may have: 10^15 − 1 minor units, far beyond any real stake or payment. */
export const MAX_AMOUNT_DIGITS = 15;
/** The largest amount one request may carry. */
export const MAX_MINOR_UNITS = 10n ** BigInt(MAX_AMOUNT_DIGITS) - 1n;

const UNSIGNED = /^(0|[1-9][0-9]{0,14})$/;
const SIGNED = /^-?(0|[1-9][0-9]{0,14})$/;
/** Vendors may send leading zeros ("0500"): still plain digits, read as the number they spell. */
const LOOSE = /^[0-9]{1,15}$/;

export interface AmountRule {
  /** The smallest amount allowed (default 0). */
  min?: bigint;
  /** Allow a leading minus (operator adjustments); `min` then bounds it from below. */
  signed?: boolean;
  /** Allow leading zeros (the vendor protocol's historical format). */
  leadingZeros?: boolean;
}

/** The amount a string spells under the rule, or null when it is not one (never throws). */
export const parseMinorUnits = (value: unknown, rule: AmountRule = {}): bigint | null => {
  if (typeof value !== 'string') return null;
  const pattern = rule.signed ? SIGNED : rule.leadingZeros ? LOOSE : UNSIGNED;
  if (!pattern.test(value)) return null;
  const amount = BigInt(value);
  if (amount > MAX_MINOR_UNITS || amount < -MAX_MINOR_UNITS) return null;
  if (amount < (rule.min ?? (rule.signed ? -MAX_MINOR_UNITS : 0n))) return null;
  return amount;
};

/** `a <= b` for two amounts; true when either is not an amount (its own field already says why). */
export const amountsInOrder = (a: unknown, b: unknown): boolean => {
  const x = parseMinorUnits(a, { signed: true, leadingZeros: true });
  const y = parseMinorUnits(b, { signed: true, leadingZeros: true });
  return x === null || y === null || x <= y;
};

/**
 * A money field of a request: a string of whole minor units under `rule`, kept as the string it was
 * (the server reads it with `BigInt`, safe once it passed). `trim` for amounts typed by people.
 */
export const amountField = (
  message: string,
  rule: AmountRule & { trim?: boolean; notZero?: boolean } = {},
): z.ZodType<string, string> => {
  const base = rule.trim ? z.string().trim() : z.string();
  return base.refine((v) => {
    const amount = parseMinorUnits(v, rule);
    return amount !== null && !(rule.notZero && amount === 0n);
  }, message);
};

/**
 * An amount the server answers: a balance or a total may grow past what one request carries (a
 * 15-digit win on a funded wallet), up to what the ledger's bigint holds.
 */
export const minorUnitsOut = z.string().regex(/^-?[0-9]{1,19}$/);
