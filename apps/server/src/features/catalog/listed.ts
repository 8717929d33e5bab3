import type { ClassifyRow, ListedRow } from './data.ts';

/** A condition a classify entry (or the HOT and NEW menus) puts on listed games. */
export type ListRule = (g: ListedRow) => boolean;

/** The rule of a classify entry, as the menus' vendor counts apply it in SQL (service.ts ruleWhere). */
export const ruleOf = (e: Pick<ClassifyRow, 'rule' | 'key' | 'threshold'>): ListRule => {
  const threshold = e.threshold ?? 0n;
  if (e.rule === 'MIN_BET') return (g) => g.minBet !== null && g.minBet >= threshold;
  if (e.rule === 'MIN_LINES') return (g) => g.lines !== null && BigInt(g.lines) >= threshold;
  if (e.rule === 'NEW') return isNew;
  if (e.rule === 'HOT') return isHot;
  return (g) => g.classify.includes(e.key);
};
export const isHot: ListRule = (g) => g.isHot;
export const isNew: ListRule = (g) => g.isNew;

export interface ListSelection {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  /** Leave provider entries out (a vendor's own list). */
  gamesOnly?: boolean;
  rule?: ListRule | null;
  /** Normalised search text (normalizeSearch), matched as "contains" in the search key. */
  search?: string | undefined;
}

/**
 * Every listed game of one merchant in one language, in list order, held in memory (decision 039):
 * a page, a vendor's games or a name search is a walk over at most ten thousand small objects, with
 * no round trip to the database. Built from `data.listedGames`, replaced whole when the catalogue's
 * version moves.
 */
export class ListedGames {
  private readonly byId = new Map<number, ListedRow>();
  private readonly byVendor = new Map<string, ListedRow[]>();
  private readonly byType = new Map<string, ListedRow[]>();

  constructor(
    readonly rows: ListedRow[],
    readonly version: bigint,
  ) {
    for (const g of rows) {
      this.byId.set(g.id, g);
      push(this.byVendor, g.vassalage, g);
      push(this.byType, g.gameType, g);
    }
  }

  /** The games a selection lists, in list order. */
  select(s: ListSelection): ListedRow[] {
    const base = s.vassalage ? (this.byVendor.get(s.vassalage) ?? []) : s.gameType ? (this.byType.get(s.gameType) ?? []) : this.rows;
    const { gameType, gamesOnly, rule, search } = s;
    return base.filter(
      (g) =>
        (!gameType || g.gameType === gameType) &&
        (!gamesOnly || g.isGame === 'GAME') &&
        (!rule || rule(g)) &&
        (!search || g.searchKey.includes(search)),
    );
  }

  /** Listed games among `ids`, in the order of `ids` (unlisted ids are left out). */
  pick(ids: readonly number[], s: ListSelection = {}): ListedRow[] {
    const out: ListedRow[] = [];
    for (const id of ids) {
      const g = this.byId.get(id);
      if (g && (!s.gameType || g.gameType === s.gameType) && (!s.vassalage || g.vassalage === s.vassalage)) out.push(g);
    }
    return out;
  }
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};
