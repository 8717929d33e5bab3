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
  /** Every search key in list order, joined by newlines, and where each starts: one indexOf walk finds all matches. */
  private haystack: string | null = null;
  private starts: number[] = [];
  /** Matches of the last searches (most recent last); a new catalogue version is a new object, so never stale. */
  private readonly searches = new Map<string, ListedRow[]>();

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
    const { gameType, vassalage, gamesOnly, rule, search } = s;
    const base = search
      ? this.named(search)
      : vassalage
        ? (this.byVendor.get(vassalage) ?? [])
        : gameType
          ? (this.byType.get(gameType) ?? [])
          : this.rows;
    return base.filter(
      (g) =>
        (!gameType || g.gameType === gameType) &&
        (!vassalage || g.vassalage === vassalage) &&
        (!gamesOnly || g.isGame === 'GAME') &&
        (!rule || rule(g)),
    );
  }

  /** Games whose search key contains `search`, in list order. */
  private named(search: string): ListedRow[] {
    const hit = this.searches.get(search);
    if (hit) {
      this.searches.delete(search);
      this.searches.set(search, hit);
      return hit;
    }
    if (this.haystack === null) {
      let at = 0;
      this.starts = this.rows.map((g) => {
        const start = at;
        at += g.searchKey.length + 1;
        return start;
      });
      this.haystack = this.rows.map((g) => g.searchKey).join('\n');
    }
    const found: ListedRow[] = [];
    if (!search.includes('\n')) {
      for (let i = this.haystack.indexOf(search); i >= 0;) {
        const row = this.rowAt(i);
        found.push(this.rows[row]!);
        // On to the next key: one game matches once however often its name has the text.
        i = row + 1 < this.starts.length ? this.haystack.indexOf(search, this.starts[row + 1]) : -1;
      }
    }
    this.searches.set(search, found);
    if (this.searches.size > SEARCHES_KEPT) this.searches.delete(this.searches.keys().next().value!);
    return found;
  }

  /** The row whose key holds the haystack position (binary search over the starts). */
  private rowAt(position: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= position) lo = mid;
      else hi = mid - 1;
    }
    return lo;
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

const SEARCHES_KEPT = 200;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};
