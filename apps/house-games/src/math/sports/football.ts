/**
 * Football markets (decision 099): fair prices from a goals model, the operator's margin, and how
 * each selection settles on a final score. Pure functions; money in minor units (bigint), odds in
 * hundredths (1.85 → 185).
 *
 * Selection keys (the feed and the book speak these):
 *   1X2:H | 1X2:D | 1X2:A                  match result
 *   DC:1X | DC:12 | DC:X2                  double chance
 *   OU:<line>:O | OU:<line>:U              total goals over / under (line 0.5 … 5.5)
 *   BTTS:Y | BTTS:N                        both teams to score
 *   CS:<h>-<a> | CS:OTHER                  correct score (each side 0–3, anything else is OTHER)
 *   AH:<line>:H | AH:<line>:A              Asian handicap, the line is the home side's (-0.75, +0.25 …);
 *                                          the away side takes the opposite line
 *   HT1X2:H | HT1X2:D | HT1X2:A            first-half result (on the half-time score)
 *   HTOU:<line>:O | HTOU:<line>:U          first-half total goals (0.5, 1.5)
 */

export type LegResult = 'WIN' | 'LOSE' | 'PUSH' | 'HALF_WIN' | 'HALF_LOSE' | 'VOID';
export interface Score {
  home: number;
  away: number;
}

export const MARKET_KINDS = ['1X2', 'DC', 'OU', 'BTTS', 'CS', 'AH', 'HT1X2', 'HTOU'] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];

export const OU_LINES = [1.5, 2.5, 3.5] as const;
export const AH_LINES = [-1.5, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.5] as const;
export const HT_OU_LINES = [0.5, 1.5] as const;
/** The half-time whistle: first-half markets settle on the score after this minute. */
export const HALF_MINUTE = 45;
const CS_MAX = 3;

const lineText = (l: number) => (l > 0 ? `+${l}` : String(l));

/** Every selection of a football event, grouped by market, in display order. */
export const footballMarkets = (): { market: string; kind: MarketKind; selections: string[] }[] => {
  const out: { market: string; kind: MarketKind; selections: string[] }[] = [
    { market: '1X2', kind: '1X2', selections: ['1X2:H', '1X2:D', '1X2:A'] },
    { market: 'DC', kind: 'DC', selections: ['DC:1X', 'DC:12', 'DC:X2'] },
  ];
  for (const l of OU_LINES) out.push({ market: `OU:${l}`, kind: 'OU', selections: [`OU:${l}:O`, `OU:${l}:U`] });
  out.push({ market: 'BTTS', kind: 'BTTS', selections: ['BTTS:Y', 'BTTS:N'] });
  for (const l of AH_LINES)
    out.push({ market: `AH:${lineText(l)}`, kind: 'AH', selections: [`AH:${lineText(l)}:H`, `AH:${lineText(l)}:A`] });
  const cs: string[] = [];
  for (let h = 0; h <= CS_MAX; h++) for (let a = 0; a <= CS_MAX; a++) cs.push(`CS:${h}-${a}`);
  cs.push('CS:OTHER');
  out.push({ market: 'CS', kind: 'CS', selections: cs });
  out.push({ market: 'HT1X2', kind: 'HT1X2', selections: ['HT1X2:H', 'HT1X2:D', 'HT1X2:A'] });
  for (const l of HT_OU_LINES)
    out.push({ market: `HTOU:${l}`, kind: 'HTOU', selections: [`HTOU:${l}:O`, `HTOU:${l}:U`] });
  return out;
};

export const marketOf = (selection: string): string => {
  const parts = selection.split(':');
  return parts.length === 3 ? `${parts[0]}:${parts[1]}` : parts[0]!;
};

const SELECTION =
  /^(1X2:[HDA]|DC:(1X|12|X2)|OU:\d(\.5)?:[OU]|BTTS:[YN]|CS:(\d-\d|OTHER)|AH:[+-]?\d+(\.(25|5|75))?:[HA]|HT1X2:[HDA]|HTOU:\d\.5:[OU])$/;
export const isSelection = (s: string) => SELECTION.test(s) && footballMarkets().some((m) => m.selections.includes(s));

/** A handicap or total line as quarters: a quarter line (x.25, x.75) is two half stakes on its neighbours. */
const halves = (line: number): [number, number] => {
  const q = Math.round(line * 4);
  if (q % 2 === 0) return [line, line];
  return [(q - 1) / 4, (q + 1) / 4];
};

/** One half (or all) of an Asian stake against a goal difference: +1 win, 0 push, -1 lose. */
const sign = (x: number) => (x > 1e-9 ? 1 : x < -1e-9 ? -1 : 0);

const combine = (a: number, b: number): LegResult => {
  const s = a + b;
  if (s === 2) return 'WIN';
  if (s === -2) return 'LOSE';
  if (s === 1) return 'HALF_WIN';
  if (s === -1) return 'HALF_LOSE';
  return 'PUSH';
};

/**
 * How a selection settles on a final score (null score = the match was abandoned: void). A
 * first-half selection settles on the half-time score; without one (a feed that sends none) it is void.
 */
export const settleSelection = (selection: string, score: Score | null, halfTime?: Score | null): LegResult => {
  if (!score) return 'VOID';
  if (selection.startsWith('HT')) return halfTime ? settleSelection(selection.slice(2), halfTime) : 'VOID';
  const { home: h, away: a } = score;
  const win = (b: boolean): LegResult => (b ? 'WIN' : 'LOSE');
  const [kind, p1, p2] = selection.split(':') as [string, string, string | undefined];
  switch (kind) {
    case '1X2':
      return win(p1 === 'H' ? h > a : p1 === 'A' ? a > h : h === a);
    case 'DC':
      return win(p1 === '1X' ? h >= a : p1 === 'X2' ? a >= h : h !== a);
    case 'OU': {
      const line = Number(p1);
      const [l1, l2] = halves(line);
      const d = (l: number) => (p2 === 'O' ? sign(h + a - l) : sign(l - (h + a)));
      return combine(d(l1), d(l2));
    }
    case 'BTTS':
      return win((h > 0 && a > 0) === (p1 === 'Y'));
    case 'CS':
      if (p1 === 'OTHER') return win(h > CS_MAX || a > CS_MAX);
      return win(p1 === `${h}-${a}`);
    case 'AH': {
      const line = p2 === 'H' ? Number(p1) : -Number(p1);
      const diff = p2 === 'H' ? h - a : a - h;
      const [l1, l2] = halves(line);
      return combine(sign(diff + l1), sign(diff + l2));
    }
    default:
      throw new RangeError(`unknown selection ${selection}`);
  }
};

/**
 * What one unit staked returns on a leg's result, as an exact fraction num/den with odds in
 * hundredths: a win returns the odds, a half win half the odds plus half the stake, a push or void
 * the stake, a half loss half the stake, a loss nothing.
 */
export const legFactor = (r: LegResult, odds: number): [bigint, bigint] => {
  const o = BigInt(odds);
  switch (r) {
    case 'WIN':
      return [o, 100n];
    case 'HALF_WIN':
      return [o + 100n, 200n];
    case 'PUSH':
    case 'VOID':
      return [1n, 1n];
    case 'HALF_LOSE':
      return [1n, 2n];
    case 'LOSE':
      return [0n, 1n];
  }
};

/**
 * What a bet returns (minor units, floored) given its stake and each leg's odds and result: a single
 * is a one-leg accumulator; a void or pushed leg counts as 1.00, a half result as its half.
 */
export const betReturn = (stake: bigint, legs: { odds: number; result: LegResult }[]): bigint => {
  let num = stake;
  let den = 1n;
  for (const l of legs) {
    const [n, d] = legFactor(l.result, l.odds);
    num *= n;
    den *= d;
  }
  return num / den;
};

/** The return if every leg wins: stake × the product of the odds, floored. */
export const potentialReturn = (stake: bigint, odds: number[]): bigint =>
  betReturn(
    stake,
    odds.map((o) => ({ odds: o, result: 'WIN' as const })),
  );

/** A bet's result from its legs' (for the screen): every leg known, the money compared with the stake. */
export const betResult = (stake: bigint, ret: bigint, legs: LegResult[]): 'WIN' | 'LOSE' | 'PUSH' | 'VOID' => {
  if (legs.every((l) => l === 'VOID')) return 'VOID';
  if (ret > stake) return 'WIN';
  if (ret === stake) return 'PUSH';
  return 'LOSE';
};

// ── The goals model (the simulated feed's fair prices) ─────────────────────────────────────────

const poisson = (lambda: number, k: number) => {
  let p = Math.exp(-lambda);
  for (let i = 1; i <= k; i++) p *= lambda / i;
  return p;
};

const MAX_GOALS = 12;

/** P(home scores h, away scores a) with independent Poisson goals. */
export const scoreMatrix = (lambdaHome: number, lambdaAway: number): number[][] => {
  const ph = Array.from({ length: MAX_GOALS + 1 }, (_, k) => poisson(lambdaHome, k));
  const pa = Array.from({ length: MAX_GOALS + 1 }, (_, k) => poisson(lambdaAway, k));
  const total = ph.reduce((s, x) => s + x, 0) * pa.reduce((s, x) => s + x, 0);
  return ph.map((x) => pa.map((y) => (x * y) / total));
};

/**
 * The fair decimal price of every selection: the price at which the selection's expected return is
 * exactly the stake, E[return] = price × P(win) + P(push) (+ halves for quarter lines) = 1, so
 * price = (1 − P(push-part)) / P(win-part), each half of a quarter line weighing ½.
 */
export const fairPrices = (
  lambdaHome: number,
  lambdaAway: number,
  base: Score = { home: 0, away: 0 },
  half: { lambdaHome: number; lambdaAway: number; base: Score } | null = {
    lambdaHome: lambdaHome / 2,
    lambdaAway: lambdaAway / 2,
    base,
  },
): Record<string, number> => {
  const price = (lh: number, la: number, b: Score, sel: string) => {
    const m = scoreMatrix(lh, la);
    let winPart = 0;
    let backPart = 0;
    for (let h = 0; h <= MAX_GOALS; h++)
      for (let a = 0; a <= MAX_GOALS; a++) {
        const p = m[h]![a]!;
        const r = settleSelection(sel, { home: b.home + h, away: b.away + a });
        if (r === 'WIN') winPart += p;
        else if (r === 'HALF_WIN') {
          winPart += p / 2;
          backPart += p / 2;
        } else if (r === 'PUSH') backPart += p;
        else if (r === 'HALF_LOSE') backPart += p / 2;
      }
    // A selection that can't win (or always returns the stake) has no price worth offering.
    return winPart < 1e-4 ? 0 : (1 - backPart) / winPart;
  };
  const out: Record<string, number> = {};
  for (const market of footballMarkets())
    for (const sel of market.selections)
      if (!sel.startsWith('HT')) out[sel] = price(lambdaHome, lambdaAway, base, sel);
      // First half: the same model over the half's goals, on the half-time score (no price once it is known).
      else out[sel] = half ? price(half.lambdaHome, half.lambdaAway, half.base, sel.slice(2)) : 0;
  return out;
};

/**
 * The operator's margin on a fair price, as in cockfight (decision 092): every fair price is divided
 * by (1 + m) and floored to the hundredth, so every selection returns 1/(1 + m) of its fair value
 * (the same margin on each outcome, whatever its price); at least 1.01. A fair price of 0 (nothing
 * to offer) stays 0 and the selection is not offered.
 */
export const offeredOdds = (fair: number, marginBp: number): number => {
  if (!(fair > 1)) return 0;
  const o = Math.floor((fair * 100 * 10_000) / (10_000 + marginBp) + 1e-9);
  return o < 101 ? 0 : Math.min(o, 100_000);
};

/** Expected goals from two team strengths (attack, defence around 1.0) with home advantage. */
export const goalRates = (home: { attack: number; defence: number }, away: { attack: number; defence: number }) => ({
  home: 1.45 * home.attack * away.defence * 1.1,
  away: 1.2 * away.attack * home.defence * 0.95,
});

/** A match's length in minutes (settlement is on the 90-minute score). */
export const MATCH_MINUTES = 90;

/**
 * In-play fair prices (decision 102): the same Poisson model over the minutes still to play. The
 * goals still to come are Poisson with the pre-match expected goals scaled by the share of the
 * match left, (90 − minute) / 90, and are added to the score so far; every selection is priced on
 * that final-score distribution. A selection already decided (won or lost whatever happens) has no
 * price (0: not offered).
 */
export const liveFairPrices = (lambdaHome: number, lambdaAway: number, minute: number, score: Score) => {
  const left = Math.max(0, Math.min(1, (MATCH_MINUTES - minute) / MATCH_MINUTES));
  // First-half markets: the goals still to come before half-time, priced until the half-time whistle.
  const halfLeft = (HALF_MINUTE - minute) / MATCH_MINUTES;
  const half =
    halfLeft > 0 ? { lambdaHome: lambdaHome * halfLeft, lambdaAway: lambdaAway * halfLeft, base: score } : null;
  return fairPrices(lambdaHome * left, lambdaAway * left, score, half);
};

/**
 * The cash-out offer of an open single (decision 102), in minor units, floored:
 *   offer = stake × taken odds / current fair odds × (1 − cash-out margin)
 * The taken odds and the current fair price are in hundredths. stake × taken / fair is what the bet
 * is worth now at fair prices (its expected return); the cash-out margin is the operator's share for
 * buying it back. No fair price (the selection is decided or not offered) means no offer (null).
 */
export const cashOutOffer = (stake: bigint, takenOdds: number, fairOdds: number, marginBp: number): bigint | null => {
  if (!(fairOdds >= 100)) return null;
  const fair = BigInt(Math.round(fairOdds));
  return (stake * BigInt(takenOdds) * BigInt(10_000 - marginBp)) / (fair * 10_000n);
};
