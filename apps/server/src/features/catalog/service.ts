import {
  GAME_PAGE_CAPS,
  LANGUAGES,
  languageFallbacks,
  normalizeSearch,
  type ClassifyEntry,
  type GameCategory,
  type GameEntry,
  type GameType,
  type Language,
  type VendorEntry,
} from '@app/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import type { MerchantService } from '../merchant/service.ts';
import * as data from './data.ts';
import { ListedGames, isHot, isNew, ruleOf, type ListRule } from './listed.ts';
import { CatalogManager } from './manage.ts';
import { imageUrl, localized } from '../../lib/localized.ts';
import { BUILTIN_CLASSIFY_NAMES, DEFAULT_CATEGORY_TITLES, GAME_TYPE_ORDER } from './localize.ts';

export interface ListFilter {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
}

type Lane = Awaited<ReturnType<typeof data.vendorLanes>>[number];

export interface CatalogCacheOptions {
  /** Menus, vendor lanes, classify rules, counts. */
  ttlMs?: number;
  /** Game-list pages and the hot list (0: not cached). */
  listCacheMs?: number;
  /** Most list pages kept at once (least recently used go first). */
  listCacheEntries?: number;
}

/** Reads of the catalogue. Menus and vendor lanes change rarely, so they are cached briefly. */
export class CatalogService {
  private cache = new Map<string, { at: number; value: Promise<unknown> }>();
  /** Pages of the game list: public, the same for every visitor, changed only by catalogue writes. */
  private pages = new Map<string, { at: number; value: Promise<unknown>; refreshing?: boolean }>();
  /** Listed games per merchant and language (listed.ts), with the loads in flight and the version read. */
  private listedModels = new Map<string, ListedGames>();
  private listedLoads = new Map<string, Promise<ListedGames>>();
  private versionRead: Promise<bigint> | null = null;
  private readonly ttlMs: number;
  private readonly listCacheMs: number;
  private readonly listCacheEntries: number;
  /** Imports, hot flags, vendor order and switches. */
  readonly manage: CatalogManager;
  constructor(
    private readonly db: Db,
    private readonly merchants: MerchantService,
    options: CatalogCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.listCacheMs = options.listCacheMs ?? 10_000;
    this.listCacheEntries = options.listCacheEntries ?? 5_000;
    this.manage = new CatalogManager(db, merchants, this);
  }

  /**
   * A list page from memory while fresh. Past its TTL (up to twice it) the old page is still
   * answered while one refresh runs in the background, so a busy page never makes its visitors
   * wait for the database all at once. A failed load is not kept.
   */
  private page<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.listCacheMs <= 0) return load();
    const now = Date.now();
    const hit = this.pages.get(key);
    if (hit) {
      const age = now - hit.at;
      if (age < this.listCacheMs || (hit.refreshing && age < 2 * this.listCacheMs)) {
        // Least recently used order: a hit moves to the end.
        this.pages.delete(key);
        this.pages.set(key, hit);
        return hit.value as Promise<T>;
      }
      if (age < 2 * this.listCacheMs) {
        hit.refreshing = true;
        const next = load().then((v) => (typeof v === 'object' && v !== null ? Object.freeze(v) : v));
        next.then(
          () => {
            if (this.pages.get(key) === hit) this.pages.set(key, { at: Date.now(), value: next });
          },
          () => (hit.refreshing = false),
        );
        return hit.value as Promise<T>;
      }
    }
    // Frozen: a cached page is never changed, so its JSON is made once (http/serializer.ts).
    const value = load().then((v) => (typeof v === 'object' && v !== null ? Object.freeze(v) : v));
    value.catch(() => this.pages.delete(key));
    this.pages.set(key, { at: now, value });
    if (this.pages.size > this.listCacheEntries) this.pages.delete(this.pages.keys().next().value!);
    return value;
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    value.catch(() => this.cache.delete(key));
    this.cache.set(key, { at: Date.now(), value });
    return value;
  }

  /** Called after every catalogue write in this process; other processes catch up within the TTL. */
  invalidate() {
    this.cache.clear();
    this.pages.clear();
    this.listedModels.clear();
  }

  /** The language lists are served in: the asked one if the catalogue has it, else its fallbacks. */
  async language(merchantId: number, asked: string | undefined): Promise<Language> {
    const brand = await this.merchants.brand(merchantId);
    const def = brand.merchant.defaultLanguage as Language;
    const have = await this.cached(`langs:${merchantId}`, () => data.catalogueLanguages(this.db, merchantId));
    const want = (asked && (LANGUAGES as readonly string[]).includes(asked) ? asked : def) as Language;
    return languageFallbacks(want, def).find((l) => have.includes(l)) ?? (have[0] as Language | undefined) ?? want;
  }

  /** Turns list rows into the wire shape, with artwork URLs on one of the brand's image CDNs. */
  async toEntries(merchantId: number, rows: data.GameListRow[]): Promise<GameEntry[]> {
    const cdns = (await this.merchants.brand(merchantId)).merchant.imageCdns;
    return rows.map((r) => ({
      nodeId: r.id,
      nodeName: r.nodeName,
      gameName: r.gameName,
      gameType: r.gameType as GameType,
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
  }

  private async classifyRule(
    merchantId: number,
    gameType: string | undefined,
    key: string | undefined,
  ): Promise<ListRule | null> {
    if (!key || key === 'ALL') return null;
    if (key === 'NEW') return isNew;
    if (key === 'HOT') return isHot;
    if (!gameType)
      throw badRequest('VALIDATION_FAILED', 'gameClassify needs a gameType', {
        gameClassify: 'Choose a gameType to filter by this entry',
      });
    const entry = (await this.classifyRows(merchantId)).find((c) => c.gameType === gameType && c.key === key);
    if (!entry)
      throw badRequest('VALIDATION_FAILED', `Unknown gameClassify ${key} for ${gameType}`, {
        gameClassify: `Unknown entry for ${gameType}`,
      });
    return ruleOf(entry);
  }

  /**
   * The catalogue's version. A caller joins a read already in flight (begun at most one round trip
   * before it arrived) or starts one, so a burst of requests costs one small query.
   */
  private currentVersion(): Promise<bigint> {
    if (this.versionRead) return this.versionRead;
    const read = data.catalogueVersion(this.db).finally(() => {
      if (this.versionRead === read) this.versionRead = null;
    });
    this.versionRead = read;
    return read;
  }

  /** The listed games of a merchant in a language, from memory while the catalogue has not moved (listed.ts). */
  private async listed(merchantId: number, language: Language): Promise<ListedGames> {
    const key = `${merchantId}:${language}`;
    const version = await this.currentVersion();
    for (;;) {
      const have = this.listedModels.get(key);
      if (have && have.version >= version) return have;
      let load = this.listedLoads.get(key);
      if (!load) {
        load = (async () => {
          // The version first: the rows read after it are at least that new, so a model never claims more.
          const v = await data.catalogueVersion(this.db);
          return new ListedGames(await data.listedGames(this.db, merchantId, language), v);
        })();
        const started = load;
        this.listedLoads.set(key, started);
        started
          .then(
            (m) => {
              const cur = this.listedModels.get(key);
              if (!cur || cur.version <= m.version) this.listedModels.set(key, m);
            },
            () => undefined,
          )
          .finally(() => {
            if (this.listedLoads.get(key) === started) this.listedLoads.delete(key);
          });
      }
      const model = await load;
      if (model.version >= version) return model;
    }
  }

  private classifyRows(merchantId: number) {
    return this.cached(`classify:${merchantId}`, () => data.classifyEntries(this.db, merchantId));
  }

  async listGames(
    merchantId: number,
    f: ListFilter & { language?: string | undefined; pageNo: number; pageSize: number },
  ) {
    const language = await this.language(merchantId, f.language);
    // Refuses an unknown classify entry before anything is cached.
    const rule = await this.classifyRule(merchantId, f.gameType, f.gameClassify);
    const search = f.gameName ? normalizeSearch(f.gameName) : '';
    const key = [
      merchantId,
      language,
      f.gameType ?? '',
      f.vassalage ?? '',
      f.gameClassify ?? '',
      search,
      f.pageNo,
      f.pageSize,
    ].join('\u0000');
    return this.page(`list:${key}`, async () => {
      const vassalage = f.vassalage && f.vassalage !== 'ALL' ? f.vassalage : undefined;
      const gameType = f.gameType && f.gameType !== 'ALL' ? f.gameType : undefined;
      const matches = (await this.listed(merchantId, language)).select({
        gameType,
        vassalage,
        // A vendor's own list does not repeat its provider entry.
        gamesOnly: Boolean(vassalage),
        rule,
        search: search || undefined,
      });
      const start = (f.pageNo - 1) * f.pageSize;
      return {
        games: await this.toEntries(merchantId, matches.slice(start, start + f.pageSize)),
        totalCount: matches.length,
        totalPages: Math.ceil(matches.length / f.pageSize),
        pageNo: f.pageNo,
      };
    });
  }

  async hotGames(
    merchantId: number,
    f: { gameType?: string | undefined; vassalage?: string | undefined; language?: string | undefined },
  ) {
    const language = await this.language(merchantId, f.language);
    const vassalage = f.vassalage && f.vassalage !== 'ALL' ? f.vassalage : undefined;
    return this.page(`hot:${merchantId}:${language}:${f.gameType ?? ''}:${vassalage ?? ''}`, async () => {
      const gameType = f.gameType && f.gameType !== 'ALL' ? f.gameType : undefined;
      const rows = (await this.listed(merchantId, language)).select({ gameType, vassalage, rule: isHot });
      return this.toEntries(merchantId, rows.slice(0, GAME_PAGE_CAPS.hotList));
    });
  }

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
    const language = await this.language(merchantId, f.language);
    const rows = (await this.listed(merchantId, language)).pick([...new Set(ids)], {
      gameType: f.gameType && f.gameType !== 'ALL' ? f.gameType : undefined,
      vassalage: f.vassalage && f.vassalage !== 'ALL' ? f.vassalage : undefined,
    });
    const start = (f.pageNo - 1) * f.pageSize;
    return {
      games: await this.toEntries(merchantId, rows.slice(start, start + f.pageSize)),
      totalCount: rows.length,
      totalPages: Math.ceil(rows.length / f.pageSize),
    };
  }

  /** Listed games by id in one language, keyed by id (disabled games are left out). */
  async entriesByIds(merchantId: number, ids: number[], asked: string | undefined): Promise<Map<number, GameEntry>> {
    const language = await this.language(merchantId, asked);
    const rows = (await this.listed(merchantId, language)).pick([...new Set(ids)]);
    return new Map((await this.toEntries(merchantId, rows)).map((e) => [e.nodeId, e]));
  }

  /** A game of this merchant (listed or not), or null. */
  findGame(merchantId: number, nodeId: number) {
    return data.findGame(this.db, merchantId, nodeId);
  }

  /** A game by its id alone, for callers that trust the id (the launch records recent games). */
  gameById(nodeId: number) {
    return data.findGameById(this.db, nodeId);
  }

  artworkGame(vassalage: string, gameCode: string) {
    return data.findArtworkGame(this.db, vassalage, gameCode);
  }

  vendorByCode(vassalage: string) {
    return data.findVendorByCode(this.db, vassalage);
  }

  private lanes(merchantId: number): Promise<Lane[]> {
    return this.cached(`lanes:${merchantId}`, () => data.vendorLanes(this.db, merchantId));
  }

  private async toVendorEntries(merchantId: number, lanes: Lane[]): Promise<VendorEntry[]> {
    const cdns = (await this.merchants.brand(merchantId)).merchant.imageCdns;
    return lanes.map((l, i) => ({
      vassalage: l.vassalage,
      displayName: l.displayName,
      gameType: l.gameType as GameType,
      cards: imageUrl(cdns, l.cards, i),
      lagerIcon: imageUrl(cdns, l.lagerIcon, i),
      iconUrl: imageUrl(cdns, l.iconUrl, i),
      gameCount: l.gameCount,
      sort: l.sort,
    }));
  }

  /** Enabled vendors of one game type (or of all), in the operator's order. */
  async vendors(merchantId: number, gameType?: string): Promise<VendorEntry[]> {
    const lanes = (await this.lanes(merchantId)).filter(
      (l) =>
        l.laneEnabled &&
        l.vendorEnabled &&
        l.gameCount > 0 &&
        (!gameType || gameType === 'ALL' || l.gameType === gameType),
    );
    lanes.sort((a, b) => (GAME_TYPE_ORDER[a.gameType] ?? 99) - (GAME_TYPE_ORDER[b.gameType] ?? 99) || a.sort - b.sort);
    return this.toVendorEntries(merchantId, lanes);
  }

  /** Every vendor lane, enabled or not, for the operator. */
  async allLanes(merchantId: number, gameType?: string) {
    return (await data.vendorLanes(this.db, merchantId)).filter((l) => !gameType || l.gameType === gameType);
  }

  async menus(merchantId: number, asked: string | undefined): Promise<GameCategory[]> {
    const language = await this.language(merchantId, asked);
    const def = (await this.merchants.brand(merchantId)).merchant.defaultLanguage;
    return this.cached(`menus:${merchantId}:${language}`, async () => {
      const [categories, classify, vendors] = await Promise.all([
        data.categories(this.db, merchantId),
        this.classifyRows(merchantId),
        this.vendors(merchantId),
      ]);
      const cdns = (await this.merchants.brand(merchantId)).merchant.imageCdns;
      const out: GameCategory[] = [];
      for (const c of categories.filter((x) => x.enabled)) {
        const typeVendors = vendors.filter((v) => v.gameType === c.gameType);
        if (!typeVendors.length) continue;
        const all = Object.fromEntries(typeVendors.map((v) => [v.vassalage, v.gameCount]));
        const entries: ClassifyEntry[] = [
          { key: 'ALL', displayName: localized(BUILTIN_CLASSIFY_NAMES.ALL, language, def), vendors: all },
        ];
        for (const e of classify.filter((x) => x.gameType === c.gameType && x.key !== 'ALL')) {
          const counts = await data.vendorCounts(this.db, merchantId, c.gameType, ruleWhere(e));
          const map = Object.fromEntries(
            counts.filter((r) => r.vassalage in all).map((r) => [r.vassalage, Number(r.n)]),
          );
          if (Object.keys(map).length)
            entries.push({ key: e.key, displayName: localized(e.names, language, def), vendors: map });
        }
        out.push({
          gameType: c.gameType as GameType,
          title:
            localized(c.title, language, def) ||
            localized(DEFAULT_CATEGORY_TITLES[c.gameType as GameType], language, def),
          cards: c.cards ? imageUrl(cdns, c.cards, 0) : '',
          gameCount: typeVendors.reduce((s, v) => s + v.gameCount, 0),
          gameClassify: entries,
        });
      }
      return out;
    });
  }

  async newGameVendorLanes(merchantId: number, asked: string | undefined) {
    const menus = await this.menus(merchantId, asked);
    const vendors = await this.vendors(merchantId);
    return menus.map((m) => ({
      gameType: m.gameType,
      title: m.title,
      vendors: vendors.filter((v) => v.gameType === m.gameType),
    }));
  }
}

const ruleWhere = (e: data.ClassifyRow): SQL => {
  if (e.rule === 'MIN_BET') return data.minBetWhere(e.threshold ?? 0n);
  if (e.rule === 'MIN_LINES') return data.minLinesWhere(e.threshold ?? 0n);
  if (e.rule === 'NEW') return data.newWhere();
  if (e.rule === 'HOT') return data.hotWhere();
  return data.tagWhere(e.key);
};
