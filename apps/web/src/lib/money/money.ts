/**
 * An amount's currency and how to write it: the brand's currency, its symbol and minor-unit
 * exponent (whitelabel), and the reader's locale (the interface language) for the number's marks.
 */
export interface Money {
  currency: string;
  symbol: string;
  /** Decimal places of the minor unit: 2 for BRL (12345 is R$ 123,45), 0 for VND. */
  exponent: number;
  locale: string;
}
