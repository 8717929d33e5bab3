/**
 * Odds display formats (a display choice: the server speaks decimal odds in hundredths, 1.85 → 185).
 *   decimal      1.85, 3.00                 what a unit staked returns, stake included
 *   Hong Kong    d − 1                      the profit per unit: 0.85, 2.00
 *   Malay        d ≤ 2: d − 1  (positive)   else −1 / (d − 1): 3.00 → −0.50 (risk 0.50 to win 1)
 *   Indonesian   d ≥ 2: d − 1  (positive)   else −1 / (d − 1): 1.50 → −2.00 (risk 2 to win 1)
 * Every format is shown with two decimals; at evens (2.00) HK, Malay and Indonesian all read 1.00.
 */
export const ODDS_FORMATS = ['decimal', 'hk', 'malay', 'indo'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];
export const isOddsFormat = (s: unknown): s is OddsFormat => ODDS_FORMATS.includes(s as OddsFormat);

/** The odds (hundredths) in a format, as a number rounded to two decimals. */
export const convertOdds = (hundredths: number, format: OddsFormat): number => {
  const profit = (hundredths - 100) / 100;
  const round = (x: number) => Math.round(x * 100 + (x >= 0 ? 1e-9 : -1e-9)) / 100;
  switch (format) {
    case 'decimal':
      return hundredths / 100;
    case 'hk':
      return round(profit);
    case 'malay':
      return hundredths <= 200 ? round(profit) : round(-1 / profit);
    case 'indo':
      return hundredths >= 200 ? round(profit) : round(-1 / profit);
  }
};
