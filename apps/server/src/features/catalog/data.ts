import type { GameType, Language } from '@app/contract';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, many, row } from '../../db/rows.ts';
import {
  catalogVersion,
  gameCategories,
  gameClassify,
  gameNames,
  games,
  vendorGameTypes,
  vendors,
} from '../../db/schema/index.ts';

export type GameRow = typeof games.$inferSelect;
export type GameInsert = typeof games.$inferInsert;
export type VendorRow = typeof vendors.$inferSelect;
export type VendorInsert = typeof vendors.$inferInsert;
export type VendorGameTypeInsert = typeof vendorGameTypes.$inferInsert;
export type CategoryInsert = typeof gameCategories.$inferInsert;
export type ClassifyRow = typeof gameClassify.$inferSelect;
export type ClassifyInsert = typeof gameClassify.$inferInsert;
export type GameNameInsert = typeof gameNames.$inferInsert;

/** The columns a list needs, with the name in one language and the vendor's display name. */
const listColumns = {
  id: games.id,
  nodeName: games.nodeName,
  gameName: gameNames.name,
  gameType: games.gameType,
  vassalage: games.vassalage,
  vendorName: vendors.displayName,
  gameCode: games.gameCode,
  isGame: games.isGame,
  showIcon: games.showIcon,
  iconUrl: games.iconUrl,
  isHot: games.isHot,
  isNew: games.isNew,
  supportPlay: games.supportPlay,
  minBet: games.minBet,
  lines: games.lines,
};
const nameJoin = (language: Language) => and(eq(gameNames.gameId, games.id), eq(gameNames.language, language));
const vendorJoin = and(eq(vendors.merchantId, games.merchantId), eq(vendors.vassalage, games.vassalage));
const laneJoin = and(
  eq(vendorGameTypes.merchantId, games.merchantId),
  eq(vendorGameTypes.vassalage, games.vassalage),
  eq(vendorGameTypes.gameType, games.gameType),
);

/** Only games of enabled vendors in enabled vendor game types. */
const listedWhere = (merchantId: number) =>
  and(
    eq(games.merchantId, merchantId),
    eq(games.enabled, true),
    eq(vendors.enabled, true),
    eq(vendorGameTypes.enabled, true),
  );

/**
 * What a name search looks in: the game's search keys in every language of the brand (and the one
 * asked for), one per line, so "tiger" finds a game listed under its Portuguese name. A query never
 * holds a line break (normalizeSearch folds whitespace), so no match runs from one name into the next.
 */
const brandSearchKeys = (language: Language) =>
  sql<string>`coalesce((
    SELECT string_agg(DISTINCT n.search_key, E'\n')
      FROM game_names n JOIN merchants m ON m.id = ${games.merchantId}
     WHERE n.game_id = ${games.id} AND (n.language = ANY(m.languages) OR n.language = ${language})
  ), ${gameNames.searchKey})`;

/** Every listed game of a merchant in one language, in the operator's order (the in-memory list's load). */
export const listedGames = (db: Db, merchantId: number, language: Language) =>
  db
    .select({ ...listColumns, searchKey: brandSearchKeys(language), classify: games.classify })
    .from(games)
    .innerJoin(gameNames, nameJoin(language))
    .innerJoin(vendors, vendorJoin)
    .innerJoin(vendorGameTypes, laneJoin)
    .where(listedWhere(merchantId))
    .orderBy(asc(games.sort), asc(games.id));

/** A listed game as the in-memory list holds it: the list row, its search key and its classify tags. */
export type ListedRow = Awaited<ReturnType<typeof listedGames>>[number];
/** The columns a list shows. */
export type GameListRow = Omit<ListedRow, 'searchKey' | 'classify'>;

/** The catalogue's write counter (migration 0017): it moves with every write to a catalogue table. */
export const catalogueVersion = async (db: Db): Promise<bigint> => {
  const [row] = await db.select({ version: catalogVersion.version }).from(catalogVersion).limit(1);
  return row?.version ?? 0n;
};

export const hotWhere = () => eq(games.isHot, true);
export const newWhere = () => eq(games.isNew, true);
export const tagWhere = (tag: string) => sql`${games.classify} @> ARRAY[${tag}]::text[]`;
export const minBetWhere = (threshold: bigint) => sql`${games.minBet} >= ${threshold}`;
export const minLinesWhere = (threshold: bigint) => sql`${games.lines} >= ${Number(threshold)}`;

export const findGame = async (db: Db, merchantId: number, id: number) => {
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.merchantId, merchantId), eq(games.id, id)))
    .limit(1);
  return row ?? null;
};

export const findGameById = async (db: Db, id: number) => {
  const [row] = await db.select().from(games).where(eq(games.id, id)).limit(1);
  return row ?? null;
};

/** Artwork needs only the code, the untranslated name and the type; any brand's copy will do. */
export const findArtworkGame = async (db: Db, vassalage: string, gameCode: string) => {
  const [row] = await db
    .select({
      nodeName: games.nodeName,
      gameType: games.gameType,
      vassalage: games.vassalage,
      gameCode: games.gameCode,
    })
    .from(games)
    .where(and(eq(games.vassalage, vassalage), eq(games.gameCode, gameCode)))
    .limit(1);
  return row ?? null;
};

export const findVendorByCode = async (db: Db, vassalage: string) => {
  const [row] = await db.select().from(vendors).where(eq(vendors.vassalage, vassalage)).limit(1);
  return row ?? null;
};

/** Every vendor game type with its vendor and the number of listed games. */
export const vendorLanes = async (db: Db, merchantId: number) => {
  const counts = db
    .select({ vassalage: games.vassalage, gameType: games.gameType, n: count().as('n') })
    .from(games)
    .where(and(eq(games.merchantId, merchantId), eq(games.enabled, true)))
    .groupBy(games.vassalage, games.gameType)
    .as('c');
  return db
    .select({
      vassalage: vendorGameTypes.vassalage,
      gameType: vendorGameTypes.gameType,
      sort: vendorGameTypes.sort,
      laneEnabled: vendorGameTypes.enabled,
      vendorEnabled: vendors.enabled,
      displayName: vendors.displayName,
      iconUrl: vendors.iconUrl,
      lagerIcon: vendors.lagerIcon,
      cards: vendors.cards,
      gameCount: sql<number>`coalesce(${counts.n}, 0)::int`.mapWith(Number),
    })
    .from(vendorGameTypes)
    .innerJoin(
      vendors,
      and(eq(vendors.merchantId, vendorGameTypes.merchantId), eq(vendors.vassalage, vendorGameTypes.vassalage)),
    )
    .leftJoin(
      counts,
      and(eq(counts.vassalage, vendorGameTypes.vassalage), eq(counts.gameType, vendorGameTypes.gameType)),
    )
    .where(eq(vendorGameTypes.merchantId, merchantId))
    .orderBy(asc(vendorGameTypes.gameType), asc(vendorGameTypes.sort), asc(vendorGameTypes.vassalage));
};

export type VendorLane = Awaited<ReturnType<typeof vendorLanes>>[number];

export const categories = (db: Db, merchantId: number) =>
  db.select().from(gameCategories).where(eq(gameCategories.merchantId, merchantId)).orderBy(asc(gameCategories.sort));

export const classifyEntries = (db: Db, merchantId: number) =>
  db
    .select()
    .from(gameClassify)
    .where(eq(gameClassify.merchantId, merchantId))
    .orderBy(asc(gameClassify.gameType), asc(gameClassify.sort), asc(gameClassify.key));

/** Games per vendor that match a condition within one game type (a classify entry's vendors map). */
export const vendorCounts = async (db: Db, merchantId: number, gameType: GameType, where: SQL) =>
  db
    .select({ vassalage: games.vassalage, n: count() })
    .from(games)
    .where(and(eq(games.merchantId, merchantId), eq(games.gameType, gameType), eq(games.enabled, true), where))
    .groupBy(games.vassalage);

/**
 * Languages the merchant's catalogue has names in. Every game has a name row for every catalogue
 * language (the import keeps it so), so one game's rows tell: two indexed lookups.
 */
export const catalogueLanguages = async (db: Db, merchantId: number): Promise<Language[]> => {
  const [first] = await db
    .select({ id: games.id })
    .from(games)
    .where(eq(games.merchantId, merchantId))
    .orderBy(asc(games.id))
    .limit(1);
  if (!first) return [];
  const rows = await db.select({ language: gameNames.language }).from(gameNames).where(eq(gameNames.gameId, first.id));
  return rows.map((r) => r.language);
};

/* ------------------------------------------------------------------ writes */

export const existingGames = async (db: Db, merchantId: number, keys: { vassalage: string; gameCode: string }[]) => {
  if (!keys.length) return [];
  const byVendor = new Map<string, string[]>();
  for (const k of keys) byVendor.set(k.vassalage, [...(byVendor.get(k.vassalage) ?? []), k.gameCode]);
  const out: GameRow[] = [];
  for (const [vassalage, codes] of byVendor) {
    for (let i = 0; i < codes.length; i += 5000) {
      out.push(
        ...(await db
          .select()
          .from(games)
          .where(
            and(
              eq(games.merchantId, merchantId),
              eq(games.vassalage, vassalage),
              inArray(games.gameCode, codes.slice(i, i + 5000)),
            ),
          )),
      );
    }
  }
  return out;
};

export const existingVendors = (db: Db, merchantId: number) =>
  db.select().from(vendors).where(eq(vendors.merchantId, merchantId));
export const existingVendorGameTypes = (db: Db, merchantId: number) =>
  db.select().from(vendorGameTypes).where(eq(vendorGameTypes.merchantId, merchantId));

export const upsertVendors = async (db: Db, rows: VendorInsert[]) => {
  if (!rows.length) return;
  await db
    .insert(vendors)
    .values(rows)
    .onConflictDoUpdate({
      target: [vendors.merchantId, vendors.vassalage],
      set: {
        displayName: sql`excluded.display_name`,
        iconUrl: sql`excluded.icon_url`,
        lagerIcon: sql`excluded.lager_icon`,
        cards: sql`excluded.cards`,
        enabled: sql`excluded.enabled`,
        updatedAt: sql`now()`,
      },
    });
};

/** New vendor game types get their sort; existing ones keep the operator's order. */
export const insertVendorGameTypes = async (db: Db, rows: VendorGameTypeInsert[]) => {
  if (rows.length) await db.insert(vendorGameTypes).values(rows).onConflictDoNothing();
};

export const insertGames = async (db: Db, rows: GameInsert[]) =>
  rows.length
    ? db.insert(games).values(rows).returning({ id: games.id, vassalage: games.vassalage, gameCode: games.gameCode })
    : [];

export const updateGame = async (db: Db, id: number, values: Partial<GameInsert>) => {
  await db
    .update(games)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(games.id, id));
};

export const replaceGameNames = async (db: Db, gameIds: number[], rows: GameNameInsert[]) => {
  for (let i = 0; i < gameIds.length; i += 5000) {
    await db.delete(gameNames).where(inArray(gameNames.gameId, gameIds.slice(i, i + 5000)));
  }
  for (let i = 0; i < rows.length; i += 2000) await db.insert(gameNames).values(rows.slice(i, i + 2000));
};

export const allGameNamesSource = (db: Db, merchantId: number) =>
  db
    .select({ id: games.id, names: games.names, nodeName: games.nodeName })
    .from(games)
    .where(eq(games.merchantId, merchantId));

export const upsertCategories = async (db: Db, rows: CategoryInsert[]) => {
  if (!rows.length) return;
  await db
    .insert(gameCategories)
    .values(rows)
    .onConflictDoUpdate({
      target: [gameCategories.merchantId, gameCategories.gameType],
      set: {
        title: sql`excluded.title`,
        cards: sql`excluded.cards`,
        sort: sql`excluded.sort`,
        enabled: sql`excluded.enabled`,
      },
    });
};

export const upsertClassify = async (db: Db, rows: ClassifyInsert[]) => {
  if (!rows.length) return;
  await db
    .insert(gameClassify)
    .values(rows)
    .onConflictDoUpdate({
      target: [gameClassify.merchantId, gameClassify.gameType, gameClassify.key],
      set: {
        names: sql`excluded.names`,
        rule: sql`excluded.rule`,
        threshold: sql`excluded.threshold`,
        sort: sql`excluded.sort`,
      },
    });
};

export const setHot = async (db: Db, merchantId: number, ids: number[], isHot: boolean) => {
  const rows = await db
    .update(games)
    .set({ isHot, updatedAt: new Date() })
    .where(and(eq(games.merchantId, merchantId), inArray(games.id, ids)))
    .returning({ id: games.id });
  return rows.length;
};

export const setVendorGameTypeSort = async (
  db: Db,
  merchantId: number,
  gameType: GameType,
  vassalage: string,
  sort: number,
) => {
  await db
    .update(vendorGameTypes)
    .set({ sort })
    .where(
      and(
        eq(vendorGameTypes.merchantId, merchantId),
        eq(vendorGameTypes.gameType, gameType),
        eq(vendorGameTypes.vassalage, vassalage),
      ),
    );
};

export const setVendorGameTypeEnabled = async (
  db: Db,
  merchantId: number,
  gameType: GameType,
  vassalage: string,
  enabled: boolean,
) => {
  const rows = await db
    .update(vendorGameTypes)
    .set({ enabled })
    .where(
      and(
        eq(vendorGameTypes.merchantId, merchantId),
        eq(vendorGameTypes.gameType, gameType),
        eq(vendorGameTypes.vassalage, vassalage),
      ),
    )
    .returning({ vassalage: vendorGameTypes.vassalage });
  return rows.length > 0;
};

/** Whether a vendor is switched on for the whole brand (the catalogue import's flag); null when unknown. */
export const vendorSwitchedOn = async (db: Db, merchantId: number, vassalage: string): Promise<boolean | null> => {
  const [row] = await db
    .select({ enabled: vendors.enabled })
    .from(vendors)
    .where(and(eq(vendors.merchantId, merchantId), eq(vendors.vassalage, vassalage)))
    .limit(1);
  return row ? row.enabled : null;
};

/** Vendor-published specs (minimum bet, lines) by game code; only rows that differ are written. */
export const updateGameSpecs = async (
  db: Db,
  merchantId: number,
  vassalage: string,
  specs: { gameCode: string; minBet: bigint | null; lines: number | null }[],
): Promise<number> => {
  if (!specs.length) return 0;
  const arr = (values: (string | number | bigint | null)[]) =>
    `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
  const changed = await many(
    db,
    row({ id: col.int }),
    sql`
    UPDATE games g SET min_bet = s.min_bet, lines = s.lines, updated_at = now()
      FROM (SELECT unnest(${arr(specs.map((s) => s.gameCode))}::text[]) AS code,
                   unnest(${arr(specs.map((s) => s.minBet))}::bigint[]) AS min_bet,
                   unnest(${arr(specs.map((s) => s.lines))}::integer[]) AS lines) s
     WHERE g.merchant_id = ${merchantId} AND g.vassalage = ${vassalage} AND g.game_code = s.code
       AND (g.min_bet IS DISTINCT FROM s.min_bet OR g.lines IS DISTINCT FROM s.lines)
    RETURNING g.id`,
  );
  return changed.length;
};
