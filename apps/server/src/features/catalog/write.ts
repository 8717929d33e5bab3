import { GAME_TYPES, LANGUAGES, normalizeSearch, type GameType, type Language } from '@app/contract';
import type { Db } from '../../db/client.ts';
import * as data from './data.ts';
import type { GameRowInput, Rejected, ValidCatalogue, VendorRowInput } from './import.ts';
import { DEFAULT_CATEGORY_TITLES, GAME_TYPE_ORDER, localized } from './localize.ts';

export interface Counts {
  inserted: number;
  updated: number;
  unchanged: number;
}
export interface ImportReport {
  vendors: Counts;
  games: Counts;
  categories: number;
  rejected: Rejected[];
}

/** Artwork of our own generator, relative to the brand's image CDN (see artwork.ts). */
export const defaultArtwork = {
  game: (vassalage: string, gameCode: string) => `games/${vassalage}/${encodeURIComponent(gameCode)}.svg`,
  vendorIcon: (vassalage: string) => `vendors/${vassalage}.svg`,
  vendorLarge: (vassalage: string) => `vendors/${vassalage}-lg.svg`,
  vendorCard: (vassalage: string) => `vendors/${vassalage}-card.svg`,
};

const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'bigint'
      ? x.toString()
      : x && typeof x === 'object' && !Array.isArray(x)
        ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
        : x,
  );

const vendorValues = (merchantId: number, v: VendorRowInput, prev?: data.VendorRow): data.VendorInsert => ({
  merchantId,
  vassalage: v.vassalage,
  displayName: v.displayName,
  iconUrl: v.iconUrl ?? defaultArtwork.vendorIcon(v.vassalage),
  lagerIcon: v.lagerIcon ?? defaultArtwork.vendorLarge(v.vassalage),
  cards: v.cards ?? defaultArtwork.vendorCard(v.vassalage),
  enabled: v.enabled ?? prev?.enabled ?? true,
});

const gameValues = (merchantId: number, g: GameRowInput, prev?: data.GameRow): data.GameInsert => ({
  merchantId,
  vassalage: g.vassalage,
  gameType: g.gameType,
  gameCode: g.gameCode,
  nodeName: g.nodeName ?? g.names.EN ?? Object.values(g.names).find(Boolean)!,
  names: Object.fromEntries(Object.entries(g.names).filter(([, n]) => n)),
  isGame: g.isGame ?? prev?.isGame ?? 'GAME',
  showIcon: g.showIcon ?? prev?.showIcon ?? true,
  iconUrl: g.iconUrl ?? defaultArtwork.game(g.vassalage, g.gameCode),
  // An operator's hot flag survives a re-import that does not mention it.
  isHot: g.isHot ?? prev?.isHot ?? false,
  isNew: g.isNew ?? prev?.isNew ?? false,
  supportPlay: g.supportPlay ?? prev?.supportPlay ?? 1,
  minBet: g.minBet === undefined ? (prev?.minBet ?? null) : BigInt(g.minBet),
  lines: g.lines ?? prev?.lines ?? null,
  classify: g.classify ?? prev?.classify ?? [],
  sort: g.sort ?? prev?.sort ?? 0,
  enabled: g.enabled ?? prev?.enabled ?? true,
});

const GAME_FIELDS = [
  'gameType',
  'nodeName',
  'names',
  'isGame',
  'showIcon',
  'iconUrl',
  'isHot',
  'isNew',
  'supportPlay',
  'minBet',
  'lines',
  'classify',
  'sort',
  'enabled',
] as const;
const sameGame = (a: data.GameInsert, b: data.GameRow) =>
  GAME_FIELDS.every((f) => stable(a[f] ?? null) === stable(b[f] ?? null));

/** One name row per catalogue language, the missing ones filled by the fallback order. */
const nameRows = (
  merchantId: number,
  game: { id: number; names: Record<string, string>; nodeName: string },
  languages: Language[],
  def: string,
): data.GameNameInsert[] =>
  languages.map((language) => {
    const name = localized(game.names, language, def) || game.nodeName;
    return { gameId: game.id, merchantId, language, name, searchKey: normalizeSearch(name) };
  });

/**
 * Applies a validated catalogue in one transaction: vendors and games are inserted or updated by
 * their natural keys (vassalage; vassalage + gameCode), unchanged rows are not touched, so a
 * second import of the same file changes nothing.
 */
export const applyCatalogue = async (
  db: Db,
  merchantId: number,
  v: ValidCatalogue,
  defaultLanguage: string,
): Promise<ImportReport> =>
  db.transaction(async (tx) => {
    const report: ImportReport = {
      vendors: { inserted: 0, updated: 0, unchanged: 0 },
      games: { inserted: 0, updated: 0, unchanged: 0 },
      categories: 0,
      rejected: v.rejected,
    };
    const prevLanguages = await data.catalogueLanguages(tx, merchantId);

    // Vendors and the game types they serve.
    const prevVendors = new Map((await data.existingVendors(tx, merchantId)).map((r) => [r.vassalage, r]));
    const vendorWrites: data.VendorInsert[] = [];
    for (const input of v.vendors) {
      const prev = prevVendors.get(input.vassalage);
      const values = vendorValues(merchantId, input, prev);
      const same =
        prev &&
        (['displayName', 'iconUrl', 'lagerIcon', 'cards', 'enabled'] as const).every((f) => values[f] === prev[f]);
      if (same) {
        report.vendors.unchanged++;
        continue;
      }
      if (prev) report.vendors.updated++;
      else report.vendors.inserted++;
      vendorWrites.push(values);
    }
    await data.upsertVendors(tx, vendorWrites);
    const prevLanes = await data.existingVendorGameTypes(tx, merchantId);
    const laneKeys = new Set(prevLanes.map((l) => `${l.vassalage}/${l.gameType}`));
    const nextSort = new Map<string, number>();
    for (const l of prevLanes) nextSort.set(l.gameType, Math.max(nextSort.get(l.gameType) ?? 0, l.sort + 10));
    const newLanes: data.VendorGameTypeInsert[] = [];
    for (const input of v.vendors) {
      for (const t of input.gameTypes) {
        if (laneKeys.has(`${input.vassalage}/${t}`)) continue;
        const sort = nextSort.get(t) ?? 10;
        nextSort.set(t, sort + 10);
        laneKeys.add(`${input.vassalage}/${t}`);
        newLanes.push({ merchantId, vassalage: input.vassalage, gameType: t, sort });
      }
    }
    await data.insertVendorGameTypes(tx, newLanes);

    // Categories: the file's own, and a default one for every game type that has vendors.
    const have = new Set((await data.categories(tx, merchantId)).map((c) => c.gameType));
    const typesWithVendors = new Set([...laneKeys].map((k) => k.split('/')[1]!));
    const categoryRows = [
      ...v.categories.map((c) => ({
        merchantId,
        gameType: c.gameType,
        title: c.title,
        cards: c.cards ?? '',
        sort: c.sort ?? GAME_TYPE_ORDER[c.gameType] ?? 0,
        enabled: c.enabled ?? true,
      })),
      ...GAME_TYPES.filter(
        (t) => typesWithVendors.has(t) && !have.has(t) && !v.categories.some((c) => c.gameType === t),
      ).map((t: GameType) => ({
        merchantId,
        gameType: t,
        title: DEFAULT_CATEGORY_TITLES[t],
        cards: '',
        sort: GAME_TYPE_ORDER[t] ?? 0,
        enabled: true,
      })),
    ];
    await data.upsertCategories(tx, categoryRows);
    report.categories = categoryRows.length;
    await data.upsertClassify(
      tx,
      v.categories.flatMap((c) =>
        (c.classify ?? []).map((e, i) => ({
          merchantId,
          gameType: c.gameType,
          key: e.key,
          names: e.names,
          rule: e.rule,
          threshold: e.threshold === undefined ? null : BigInt(e.threshold),
          sort: e.sort ?? i,
        })),
      ),
    );

    // Games.
    const prevGames = new Map(
      (await data.existingGames(tx, merchantId, v.games)).map((r) => [`${r.vassalage}/${r.gameCode}`, r]),
    );
    const inserts: data.GameInsert[] = [];
    const touched: { id: number; names: Record<string, string>; nodeName: string }[] = [];
    for (const input of v.games) {
      const prev = prevGames.get(`${input.vassalage}/${input.gameCode}`);
      const values = gameValues(merchantId, input, prev);
      if (!prev) inserts.push(values);
      else if (sameGame(values, prev)) report.games.unchanged++;
      else {
        await data.updateGame(tx, prev.id, values);
        touched.push({ id: prev.id, names: values.names, nodeName: values.nodeName });
        report.games.updated++;
      }
    }
    for (let i = 0; i < inserts.length; i += 1000) {
      const chunk = inserts.slice(i, i + 1000);
      const ids = await data.insertGames(tx, chunk);
      ids.forEach((row, k) => touched.push({ id: row.id, names: chunk[k]!.names, nodeName: chunk[k]!.nodeName }));
    }
    report.games.inserted = inserts.length;

    // Searchable names in every catalogue language; a new language re-materialises every game.
    const fileLanguages = new Set(v.games.flatMap((g) => Object.keys(g.names)));
    const languages = LANGUAGES.filter((l) => prevLanguages.includes(l) || fileLanguages.has(l));
    const grew = languages.some((l) => !prevLanguages.includes(l)) && prevLanguages.length > 0;
    const targets = grew ? await data.allGameNamesSource(tx, merchantId) : touched;
    await data.replaceGameNames(
      tx,
      targets.map((g) => g.id),
      targets.flatMap((g) => nameRows(merchantId, g, languages, defaultLanguage)),
    );
    return report;
  });
