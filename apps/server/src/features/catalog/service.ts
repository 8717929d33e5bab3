import {
  GAME_PAGE_CAPS,
  LANGUAGES,
  languageFallbacks,
  normalizeSearch,
  type ClassifyEntry,
  type GameCategory,
  type GameEntry,
  type Language,
  type VendorEntry,
} from '@app/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import type { MerchantService } from '../merchant/service.ts';
import * as data from './data.ts';
import { ListedGames, isHot, isNew, ruleOf, type ListRule } from './listed.ts';
import { createCatalogManager } from './manage.ts';
import { imageUrl, localized } from '../../lib/localized.ts';
import { BUILTIN_CLASSIFY_NAMES, DEFAULT_CATEGORY_TITLES, GAME_TYPE_ORDER } from './localize.ts';

export interface ListFilter {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
}

export interface CatalogDeps {
  db: Db;
  merchants: MerchantService;
  /** Classify rules and the catalogue's languages (imports change them, rarely). */
  ttlMs?: number;
  /** Game-list pages and the hot list (0: not cached). */
  listCacheMs?: number;
  /** Most list pages kept at once (least recently used go first). */
  listCacheEntries?: number;
}

/**
 * Reads of the catalogue, and its writes under `manage`. Classify rules and languages are cached
 * briefly; vendor lanes, menus and the listed games follow the catalogue version; list pages are
 * cached for CATALOG_CACHE_TTL_MS.
 */
export const createCatalogService = ({
  db,
  merchants,
  ttlMs = 30_000,
  listCacheMs = 10_000,
  listCacheEntries = 5_000,
}: CatalogDeps) => {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  /** Vendor lanes and menus, with the catalogue version they were read at. */
  const versioned = new Map<string, { version: bigint; value: Promise<unknown> }>();
  /** Pages of the game list: public, the same for every visitor, changed only by catalogue writes. */
  const pages = new Map<string, { at: number; value: Promise<unknown>; refreshing?: boolean }>();
  /** Listed games per merchant and language (listed.ts), with the loads in flight and the version read. */
  const listedModels = new Map<string, ListedGames>();
  const listedLoads = new Map<string, Promise<ListedGames>>();
  let versionRead: Promise<bigint> | null = null;

  /**
   * A list page from memory while fresh. Past its TTL (up to twice it) the old page is still
   * answered while one refresh runs in the background, so a busy page never makes its visitors
   * wait for the database all at once. A failed load is not kept.
   */
  const page = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (listCacheMs <= 0) return load();
    const now = Date.now();
    const hit = pages.get(key);
    if (hit) {
      const age = now - hit.at;
      if (age < listCacheMs || (hit.refreshing && age < 2 * listCacheMs)) {
        // Least recently used order: a hit moves to the end.
        pages.delete(key);
        pages.set(key, hit);
        return hit.value as Promise<T>;
      }
      if (age < 2 * listCacheMs) {
        hit.refreshing = true;
        const next = load().then((v) => (typeof v === 'object' && v !== null ? Object.freeze(v) : v));
        next.then(
          () => {
            if (pages.get(key) === hit) pages.set(key, { at: Date.now(), value: next });
          },
          () => (hit.refreshing = false),
        );
        return hit.value as Promise<T>;
      }
    }
    // Frozen: a cached page is never changed, so its JSON is made once (http/serializer.ts).
    const value = load().then((v) => (typeof v === 'object' && v !== null ? Object.freeze(v) : v));
    value.catch(() => pages.delete(key));
    pages.set(key, { at: now, value });
    if (pages.size > listCacheEntries) pages.delete(pages.keys().next().value!);
    return value;
  };

  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
    const value = load();
    value.catch(() => cache.delete(key));
    cache.set(key, { at: Date.now(), value });
    return value;
  };

  /** Called after every catalogue write in this process; other processes catch up within the TTL. */
  const invalidate = () => {
    cache.clear();
    versioned.clear();
    pages.clear();
    listedModels.clear();
  };

  /** The language lists are served in: the asked one if the catalogue has it, else its fallbacks. */
  const language = async (merchantId: number, asked: string | undefined): Promise<Language> => {
    const def = (await merchants.brand(merchantId)).merchant.defaultLanguage;
    const have = await cached(`langs:${merchantId}`, () => data.catalogueLanguages(db, merchantId));
    const want = LANGUAGES.find((l) => l === asked) ?? def;
    return languageFallbacks(want, def).find((l) => have.includes(l)) ?? have[0] ?? want;
  };

  /** Turns list rows into the wire shape, with artwork URLs on one of the brand's image CDNs. */
  const toEntries = async (merchantId: number, rows: data.GameListRow[]): Promise<GameEntry[]> => {
    const cdns = (await merchants.brand(merchantId)).merchant.imageCdns;
    return rows.map((r) => ({
      nodeId: r.id,
      nodeName: r.nodeName,
      gameName: r.gameName,
      gameType: r.gameType,
      vassalage: r.vassalage,
      vendorName: r.vendorName,
      gameCode: r.gameCode,
      isGame: r.isGame === 'VASSALAGE' ? 'VASSALAGE' : 'GAME',
      showIcon: r.showIcon ? 1 : 0,
      iconUrl: imageUrl(cdns, r.iconUrl, r.id),
      isHot: r.isHot ? 1 : 0,
      isNew: r.isNew ? 1 : 0,
      supportPlay: r.supportPlay ? 1 : 0,
      minBet: r.minBet === null ? null : r.minBet.toString(),
      lines: r.lines,
    }));
  };

  const classifyRows = (merchantId: number) =>
    cached(`classify:${merchantId}`, () => data.classifyEntries(db, merchantId));

  const classifyRule = async (
    merchantId: number,
    gameType: string | undefined,
    key: string | undefined,
  ): Promise<ListRule | null> => {
    if (!key || key === 'ALL') return null;
    if (key === 'NEW') return isNew;
    if (key === 'HOT') return isHot;
    if (!gameType)
      throw badRequest('VALIDATION_FAILED', 'gameClassify needs a gameType', {
        gameClassify: 'Choose a gameType to filter by this entry',
      });
    const entry = (await classifyRows(merchantId)).find((c) => c.gameType === gameType && c.key === key);
    if (!entry)
      throw badRequest('VALIDATION_FAILED', `Unknown gameClassify ${key} for ${gameType}`, {
        gameClassify: `Unknown entry for ${gameType}`,
      });
    return ruleOf(entry);
  };

  /**
   * The catalogue's version. A caller joins a read already in flight (begun at most one round trip
   * before it arrived) or starts one, so a burst of requests costs one small query.
   */
  const currentVersion = (): Promise<bigint> => {
    if (versionRead) return versionRead;
    const read = data.catalogueVersion(db).finally(() => {
      if (versionRead === read) versionRead = null;
    });
    versionRead = read;
    return read;
  };

  /**
   * Vendor lanes and menus are read again once the catalogue version has moved, as the listed
   * games are (decision 039): a vendor switched on or off through any process shows on the next
   * menu. One small read of the version per call, joined by the calls that arrive with it.
   */
  const current = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const version = await currentVersion();
    const hit = versioned.get(key);
    if (hit && hit.version >= version) return hit.value as Promise<T>;
    // Read after the version: the rows are at least that new, so the entry never claims more.
    const value = load();
    value.catch(() => {
      if (versioned.get(key)?.value === value) versioned.delete(key);
    });
    versioned.set(key, { version, value });
    return value;
  };

  /** The listed games of a merchant in a language, from memory while the catalogue has not moved (listed.ts). */
  const listed = async (merchantId: number, lang: Language): Promise<ListedGames> => {
    const key = `${merchantId}:${lang}`;
    const version = await currentVersion();
    for (;;) {
      const have = listedModels.get(key);
      if (have && have.version >= version) return have;
      let load = listedLoads.get(key);
      if (!load) {
        load = (async () => {
          // The version first: the rows read after it are at least that new, so a model never claims more.
          const v = await data.catalogueVersion(db);
          return new ListedGames(await data.listedGames(db, merchantId, lang), v);
        })();
        const started = load;
        listedLoads.set(key, started);
        started
          .then(
            (m) => {
              const cur = listedModels.get(key);
              if (!cur || cur.version <= m.version) listedModels.set(key, m);
            },
            () => undefined,
          )
          .finally(() => {
            if (listedLoads.get(key) === started) listedLoads.delete(key);
          });
      }
      const model = await load;
      if (model.version >= version) return model;
    }
  };

  const lanes = (merchantId: number): Promise<data.VendorLane[]> =>
    current(`lanes:${merchantId}`, () => data.vendorLanes(db, merchantId));

  const toVendorEntries = async (merchantId: number, list: data.VendorLane[]): Promise<VendorEntry[]> => {
    const cdns = (await merchants.brand(merchantId)).merchant.imageCdns;
    return list.map((l, i) => ({
      vassalage: l.vassalage,
      displayName: l.displayName,
      gameType: l.gameType,
      cards: imageUrl(cdns, l.cards, i),
      lagerIcon: imageUrl(cdns, l.lagerIcon, i),
      iconUrl: imageUrl(cdns, l.iconUrl, i),
      gameCount: l.gameCount,
      sort: l.sort,
    }));
  };

  /** Enabled vendors of one game type (or of all), in the operator's order. */
  const vendors = async (merchantId: number, gameType?: string): Promise<VendorEntry[]> => {
    const shown = (await lanes(merchantId)).filter(
      (l) =>
        l.laneEnabled &&
        l.vendorEnabled &&
        l.gameCount > 0 &&
        (!gameType || gameType === 'ALL' || l.gameType === gameType),
    );
    shown.sort((a, b) => (GAME_TYPE_ORDER[a.gameType] ?? 99) - (GAME_TYPE_ORDER[b.gameType] ?? 99) || a.sort - b.sort);
    return toVendorEntries(merchantId, shown);
  };

  const menus = async (merchantId: number, asked: string | undefined): Promise<GameCategory[]> => {
    const def = (await merchants.brand(merchantId)).merchant.defaultLanguage;
    // Menu words are looked up in the reader's own language first (then English, as every text
    // is): the built-in ones exist in all seven, a catalogue's own in those it gives (issue 25).
    const lang = LANGUAGES.find((l) => l === asked) ?? def;
    return current(`menus:${merchantId}:${lang}`, async () => {
      const [categories, classify, shown] = await Promise.all([
        data.categories(db, merchantId),
        classifyRows(merchantId),
        vendors(merchantId),
      ]);
      const cdns = (await merchants.brand(merchantId)).merchant.imageCdns;
      const out: GameCategory[] = [];
      for (const c of categories.filter((x) => x.enabled)) {
        const typeVendors = shown.filter((v) => v.gameType === c.gameType);
        if (!typeVendors.length) continue;
        const all = Object.fromEntries(typeVendors.map((v) => [v.vassalage, v.gameCount]));
        const entries: ClassifyEntry[] = [
          { key: 'ALL', displayName: localized(BUILTIN_CLASSIFY_NAMES.ALL, lang, def), vendors: all },
        ];
        for (const e of classify.filter((x) => x.gameType === c.gameType && x.key !== 'ALL')) {
          const counts = await data.vendorCounts(db, merchantId, c.gameType, ruleWhere(e));
          const map = Object.fromEntries(counts.filter((r) => r.vassalage in all).map((r) => [r.vassalage, r.n]));
          if (Object.keys(map).length)
            entries.push({ key: e.key, displayName: localized(e.names, lang, def), vendors: map });
        }
        out.push({
          gameType: c.gameType,
          title: localized(c.title, lang, def) || localized(DEFAULT_CATEGORY_TITLES[c.gameType], lang, def),
          cards: c.cards ? imageUrl(cdns, c.cards, 0) : '',
          gameCount: typeVendors.reduce((s, v) => s + v.gameCount, 0),
          gameClassify: entries,
        });
      }
      return out;
    });
  };

  return {
    invalidate,
    language,
    toEntries,

    async listGames(
      merchantId: number,
      f: ListFilter & { language?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const lang = await language(merchantId, f.language);
      // Refuses an unknown classify entry before anything is cached.
      const rule = await classifyRule(merchantId, f.gameType, f.gameClassify);
      const search = f.gameName ? normalizeSearch(f.gameName) : '';
      const key = [
        merchantId,
        lang,
        f.gameType ?? '',
        f.vassalage ?? '',
        f.gameClassify ?? '',
        search,
        f.pageNo,
        f.pageSize,
      ].join('\u0000');
      return page(`list:${key}`, async () => {
        const vassalage = f.vassalage && f.vassalage !== 'ALL' ? f.vassalage : undefined;
        const gameType = f.gameType && f.gameType !== 'ALL' ? f.gameType : undefined;
        const matches = (await listed(merchantId, lang)).select({
          gameType,
          vassalage,
          // A vendor's own list does not repeat its provider entry.
          gamesOnly: Boolean(vassalage),
          rule,
          search: search || undefined,
        });
        const start = (f.pageNo - 1) * f.pageSize;
        return {
          games: await toEntries(merchantId, matches.slice(start, start + f.pageSize)),
          totalCount: matches.length,
          totalPages: Math.ceil(matches.length / f.pageSize),
          pageNo: f.pageNo,
        };
      });
    },

    async hotGames(
      merchantId: number,
      f: { gameType?: string | undefined; vassalage?: string | undefined; language?: string | undefined },
    ) {
      const lang = await language(merchantId, f.language);
      const vassalage = f.vassalage && f.vassalage !== 'ALL' ? f.vassalage : undefined;
      return page(`hot:${merchantId}:${lang}:${f.gameType ?? ''}:${vassalage ?? ''}`, async () => {
        const gameType = f.gameType && f.gameType !== 'ALL' ? f.gameType : undefined;
        const rows = (await listed(merchantId, lang)).select({ gameType, vassalage, rule: isHot });
        return toEntries(merchantId, rows.slice(0, GAME_PAGE_CAPS.hotList));
      });
    },

    /**
     * Listed games among `ids`, filtered, in the order of `ids` (favourites newest first, recent
     * latest first), one page of them.
     */
    async pageOfIds(
      merchantId: number,
      ids: number[],
      f: {
        gameType?: string | undefined;
        vassalage?: string | undefined;
        language?: string | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const lang = await language(merchantId, f.language);
      const rows = (await listed(merchantId, lang)).pick([...new Set(ids)], {
        gameType: f.gameType && f.gameType !== 'ALL' ? f.gameType : undefined,
        vassalage: f.vassalage && f.vassalage !== 'ALL' ? f.vassalage : undefined,
      });
      const start = (f.pageNo - 1) * f.pageSize;
      return {
        games: await toEntries(merchantId, rows.slice(start, start + f.pageSize)),
        totalCount: rows.length,
        totalPages: Math.ceil(rows.length / f.pageSize),
      };
    },

    /** Listed games by id in one language, keyed by id (disabled games are left out). */
    async entriesByIds(merchantId: number, ids: number[], asked: string | undefined): Promise<Map<number, GameEntry>> {
      const lang = await language(merchantId, asked);
      const rows = (await listed(merchantId, lang)).pick([...new Set(ids)]);
      return new Map((await toEntries(merchantId, rows)).map((e) => [e.nodeId, e]));
    },

    /** A game of this merchant (listed or not), or null. */
    findGame: (merchantId: number, nodeId: number) => data.findGame(db, merchantId, nodeId),

    /** A game by its id alone, for callers that trust the id (the launch records recent games). */
    gameById: (nodeId: number) => data.findGameById(db, nodeId),

    artworkGame: (vassalage: string, gameCode: string) => data.findArtworkGame(db, vassalage, gameCode),

    vendorByCode: (vassalage: string) => data.findVendorByCode(db, vassalage),

    vendors,

    /** Every vendor lane, enabled or not, for the operator. */
    async allLanes(merchantId: number, gameType?: string) {
      return (await data.vendorLanes(db, merchantId)).filter((l) => !gameType || l.gameType === gameType);
    },

    menus,

    async newGameVendorLanes(merchantId: number, asked: string | undefined) {
      const categories = await menus(merchantId, asked);
      const shown = await vendors(merchantId);
      return categories.map((m) => ({
        gameType: m.gameType,
        title: m.title,
        vendors: shown.filter((v) => v.gameType === m.gameType),
      }));
    },

    /** Imports, hot flags, vendor order and switches. */
    manage: createCatalogManager({ db, merchants, invalidate }),
  };
};

export type CatalogService = ReturnType<typeof createCatalogService>;

const ruleWhere = (e: data.ClassifyRow): SQL => {
  if (e.rule === 'MIN_BET') return data.minBetWhere(e.threshold ?? 0n);
  if (e.rule === 'MIN_LINES') return data.minLinesWhere(e.threshold ?? 0n);
  if (e.rule === 'NEW') return data.newWhere();
  if (e.rule === 'HOT') return data.hotWhere();
  return data.tagWhere(e.key);
};
