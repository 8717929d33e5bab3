import { isBasketballSelection, settleBasketball } from './basketball.ts';
import { isEsportsSelection, settleEsports, type MapWinner } from './esports.ts';
import { footballMarkets, isSelection, marketOf, settleSelection, type LegResult, type Score } from './football.ts';
import { isTennisSelection, settleTennis } from './tennis.ts';

/**
 * The sports the book settles (issue 23): each names its selection keys, how a selection settles
 * on a result and the order its markets are shown in. A result is the final score (goals, points,
 * sets or maps won) with what some markets need besides: football's half-time score, tennis's games
 * per set, esports' map winners in order.
 */
export const SPORTS = ['football', 'basketball', 'tennis', 'esports'] as const;
export type Sport = (typeof SPORTS)[number];

export interface ResultDetail {
  halfTime?: Score;
  sets?: [number, number][];
  maps?: MapWinner[];
}

interface Rules {
  isSelection: (s: string) => boolean;
  settle: (selection: string, score: Score | null, detail: ResultDetail) => LegResult;
  /** Market kinds in display order (the key's first part). */
  kinds: string[];
}

export const SPORT_RULES: Record<Sport, Rules> = {
  football: {
    isSelection,
    settle: (s, score, d) => settleSelection(s, score, d.halfTime ?? null),
    kinds: ['1X2', 'DC', 'OU', 'BTTS', 'AH', 'CS', 'HT1X2', 'HTOU'],
  },
  basketball: { isSelection: isBasketballSelection, settle: settleBasketball, kinds: ['ML', 'SP', 'TP'] },
  tennis: {
    isSelection: isTennisSelection,
    settle: (s, score, d) => settleTennis(s, score, d.sets ?? null),
    kinds: ['MW', 'SH', 'TG'],
  },
  esports: {
    isSelection: isEsportsSelection,
    settle: (s, score, d) => settleEsports(s, score, d.maps ?? null),
    kinds: ['MW', 'M1', 'MH', 'TM'],
  },
};

export const isSport = (s: string): s is Sport => (SPORTS as readonly string[]).includes(s);

const SIDE_ORDER = ['H', 'D', 'A', 'O', 'U', 'Y', 'N'];

/**
 * An event's markets from its priced selection keys, in display order: football in its fixed order;
 * the others by kind, then line, each market's sides home / away (over / under).
 */
export const marketsOf = (sport: Sport, keys: string[]): { market: string; kind: string; selections: string[] }[] => {
  const have = new Set(keys);
  if (sport === 'football')
    return footballMarkets()
      .map((m) => ({ market: m.market, kind: m.kind as string, selections: m.selections.filter((s) => have.has(s)) }))
      .filter((m) => m.selections.length > 0);
  const kinds = SPORT_RULES[sport].kinds;
  const byMarket = new Map<string, string[]>();
  for (const k of keys) {
    const m = marketOf(k);
    byMarket.set(m, [...(byMarket.get(m) ?? []), k]);
  }
  const side = (k: string) => SIDE_ORDER.indexOf(k.split(':').at(-1)!);
  return [...byMarket.entries()]
    .map(([market, sels]) => ({
      market,
      kind: market.split(':')[0]!,
      selections: sels.sort((a, b) => side(a) - side(b)),
    }))
    .sort(
      (a, b) =>
        kinds.indexOf(a.kind) - kinds.indexOf(b.kind) ||
        Number(a.market.split(':')[1] ?? 0) - Number(b.market.split(':')[1] ?? 0),
    );
};
