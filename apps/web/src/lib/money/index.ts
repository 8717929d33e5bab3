/*
 * Money for people (decision 049): amounts travel as integer minor units (decision 003); this is
 * where they become text to read (format) and where typed text becomes minor units (parse).
 */
export type { Money } from './money.ts';
export { formatAmount, formatMoney } from './format.ts';
export { MAX_MINOR_DIGITS, decimalMarkOf, editableAmount, parseMoney, type ParseOptions } from './parse.ts';
export { useBrandMoney } from './useBrandMoney.ts';
