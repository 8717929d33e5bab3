/*
 * Commission and salary rates: integer basis points on the wire (decision 003), percentages for
 * people. Rates are not money; amounts go through lib/money.
 */

/** Basis points as a percentage for people (125 → "1.25") and back (null when not a rate). */
export const bpsToPercent = (bps: number): string => (bps / 100).toFixed(2).replace(/\.?0+$/, '') || '0';
export const percentToBps = (text: string): number | null => {
  const m = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bps <= 10_000 ? bps : null;
};

/** A rate for reading, as the reader's language writes percentages: 125 → "1.25%" (en), "1,25%" (pt). */
export const formatRate = (bps: number, language: string): string => {
  try {
    return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
  } catch {
    return `${bpsToPercent(bps)}%`;
  }
};
