import { z } from 'zod';
import { INT4_MAX } from './input.ts';
import { defineEndpoint } from './endpoint.ts';
import { gameRoutes } from './routes/game.ts';
import { GAME_TYPES, LANGUAGES, PLATFORMS, gameType, type Language } from './enums.ts';

/**
 * The game catalogue calls of spec §7 ("Relay calls under /wps/relay/"), with the spec's relay
 * names and query fields. Names of calls the spec does not show follow the same style:
 * GCSGAME_winnerList (winners board) and GCSGAME_gameAnnouncements (game announcements).
 */

/** Paging caps: a page is at most this long, and a page number beyond this is refused. */
export const GAME_PAGE_CAPS = {
  gameList: 100,
  favoriteList: 999,
  recentList: 50,
  hotList: 200,
  maxPageNo: 1000,
  winnerLimit: 50,
  maxFavorites: 999,
  searchMaxLength: 50,
} as const;

/** Classify keys every category has, whatever its own entries are. */
export const BUILTIN_CLASSIFY = ['ALL', 'NEW', 'HOT'] as const;

/** A vendor/vassalage code: upper-case letters, digits and underscores (TCG_LOTTO_VN, BGS). */
export const vassalageCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{2,32}$/, 'Use 2-32 upper-case letters, digits or underscores');
export const gameCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Use 1-64 letters, digits, dots, dashes or underscores');
export const classifyKey = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{2,32}$/, 'Use 2-32 upper-case letters, digits or underscores');

/** Languages arrive as 'pt', 'PT' or 'pt-BR'; the catalogue keys them by the upper-case code. */
export const languageParam = z
  .string()
  .trim()
  .transform((v) => v.slice(0, 2).toUpperCase())
  .pipe(z.enum(LANGUAGES, { message: `Use one of ${LANGUAGES.join(', ')}` }));

const intParam = (min: number, max: number, what: string) =>
  z.coerce
    .number({ message: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);

export const pageNoParam = intParam(1, GAME_PAGE_CAPS.maxPageNo, 'pageNo');
export const pageSizeParam = (max: number) => intParam(1, max, 'pageSize');

/** ALL (or nothing) means every game type. */
export const gameTypeFilter = z.enum([...GAME_TYPES, 'ALL'], {
  message: `Use one of ${[...GAME_TYPES, 'ALL'].join(', ')}`,
});
export const vassalageFilter = z.union([z.literal('ALL'), vassalageCode]);

const clientTypeParam = intParam(0, 9, 'clientType').optional();
const platformParam = z.enum(PLATFORMS, { message: `Use one of ${PLATFORMS.join(', ')}` }).optional();

/** A game (or a provider entry, isGame VASSALAGE) as lists show it (spec §3). */
export const gameEntry = z.object({
  nodeId: z.number().int(),
  /** The game's own (untranslated) name. */
  nodeName: z.string(),
  /** The name in the requested language. */
  gameName: z.string(),
  gameType: gameType,
  vassalage: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  isGame: z.enum(['GAME', 'VASSALAGE']),
  showIcon: z.union([z.literal(0), z.literal(1)]),
  iconUrl: z.string(),
  /** 1 means hot. */
  isHot: z.union([z.literal(0), z.literal(1)]),
  isNew: z.union([z.literal(0), z.literal(1)]),
  /** 0 means a free trial is offered. */
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  /** Minimum bet in minor units, when the vendor publishes it (slots). */
  minBet: z.string().nullable(),
  /** Pay lines (slots). */
  lines: z.number().int().nullable(),
});
export type GameEntry = z.infer<typeof gameEntry>;

/** A vendor in one game type (spec §3 "vendor or provider entry"). */
export const vendorEntry = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameType: gameType,
  /** Card artwork shown on category pages. */
  cards: z.string(),
  /** Large logo, used by the drop menu's large layout. */
  lagerIcon: z.string(),
  /** Small logo for menus and the footer. */
  iconUrl: z.string(),
  gameCount: z.number().int(),
  sort: z.number().int(),
});
export type VendorEntry = z.infer<typeof vendorEntry>;

export const classifyEntry = z.object({
  key: z.string(),
  displayName: z.string(),
  /** Games per vendor in this entry: which vendors the entry applies to. */
  vendors: z.record(z.string(), z.number().int()),
});
export type ClassifyEntry = z.infer<typeof classifyEntry>;

export const gameCategory = z.object({
  gameType: gameType,
  title: z.string(),
  cards: z.string(),
  gameCount: z.number().int(),
  gameClassify: z.array(classifyEntry),
});
export type GameCategory = z.infer<typeof gameCategory>;

export const winnerEntry = z.object({
  nodeId: z.number().int(),
  gameName: z.string(),
  gameType: gameType,
  iconUrl: z.string(),
  /** Masked account name. */
  customerName: z.string(),
  /** Minor units. */
  winAmount: z.string(),
  vassalage: z.string(),
  winTime: z.string(),
});
export type WinnerEntry = z.infer<typeof winnerEntry>;

const listQueryBase = {
  clientType: clientTypeParam,
  platform: platformParam,
  gameType: gameTypeFilter.optional(),
  vassalage: vassalageFilter.optional(),
  language: languageParam.optional(),
};

export const gameListQuery = z.strictObject({
  ...listQueryBase,
  merchant: z.string().trim().max(32).optional(),
  gameClassify: z.union([classifyKey, z.literal('ALL')]).optional(),
  gameName: z.string().trim().max(GAME_PAGE_CAPS.searchMaxLength, 'gameName is at most 50 characters').optional(),
  pageNo: pageNoParam.default(1),
  pageSize: pageSizeParam(GAME_PAGE_CAPS.gameList).default(15),
});

const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    games: z.array(item),
    totalPages: z.number().int(),
    totalCount: z.number().int(),
    pageNo: z.number().int(),
  });

export const gameIdsValue = z.object({ ids: z.array(z.number().int()) });

export const favoriteBody = z.strictObject({
  nodeId: z.coerce.number().int().positive('nodeId must be a game id').max(INT4_MAX),
  vendor: vassalageCode,
  gameType: gameType,
});

export const gameEndpoints = {
  gameList: defineEndpoint({
    ...gameRoutes.gameList,
    query: gameListQuery,
    response: paged(gameEntry),
    summary: 'Games by type, vendor, classify and name (trimmed, case- and accent-insensitive).',
  }),
  hotGames: defineEndpoint({
    ...gameRoutes.hotGames,
    query: z.strictObject({
      ...listQueryBase,
      merchantCode: z.string().trim().max(32).optional(),
      isPlatform: z.coerce
        .number()
        .int()
        .pipe(z.literal(2, { message: 'isPlatform must be 2' }))
        .optional(),
    }),
    response: z.object({ list: z.array(gameEntry) }),
  }),
  vassGameType: defineEndpoint({
    ...gameRoutes.vassGameType,
    query: z.strictObject({ ...listQueryBase }),
    response: z.object({ list: z.array(vendorEntry) }),
    summary: 'Vendors per game type, in the operator’s order.',
  }),
  newGameVendor: defineEndpoint({
    ...gameRoutes.newGameVendor,
    query: z.strictObject({ platform: platformParam, language: languageParam.optional(), clientType: clientTypeParam }),
    response: z.object({
      data: z.object({
        lanes: z.array(z.object({ gameType: gameType, title: z.string(), vendors: z.array(vendorEntry) })),
      }),
    }),
    summary: 'Vendor lanes for the header drop menus and the footer.',
  }),
  gameMenus: defineEndpoint({
    ...gameRoutes.gameMenus,
    query: z.strictObject({ language: languageParam.optional() }),
    response: z.object({ list: z.array(gameCategory) }),
  }),
  favoriteIds: defineEndpoint({
    ...gameRoutes.favoriteIds,
    query: z.strictObject({ clientType: clientTypeParam, platform: platformParam }),
    response: gameIdsValue,
  }),
  favoriteList: defineEndpoint({
    ...gameRoutes.favoriteList,
    query: z.strictObject({
      ...listQueryBase,
      pageNo: pageNoParam.default(1),
      pageSize: pageSizeParam(GAME_PAGE_CAPS.favoriteList).default(15),
    }),
    response: z.object({
      content: z.array(gameEntry),
      pageNum: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  addFavorite: defineEndpoint({
    ...gameRoutes.addFavorite,
    body: favoriteBody,
    response: z.object({ added: z.boolean(), ids: z.array(z.number().int()) }),
    summary: 'Idempotent: adding a favourite twice keeps one.',
  }),
  /** The spec names it without the MCSFE_ prefix; a DELETE carries its fields in the query. */
  removeFavorite: defineEndpoint({
    ...gameRoutes.removeFavorite,
    query: z.strictObject({
      nodeId: favoriteBody.shape.nodeId,
      vendor: vassalageCode.optional(),
      gameType: gameType.optional(),
    }),
    response: z.object({ removed: z.boolean(), ids: z.array(z.number().int()) }),
  }),
  recentGames: defineEndpoint({
    ...gameRoutes.recentGames,
    query: z.strictObject({
      ...listQueryBase,
      page: pageNoParam.default(1),
      pageSize: pageSizeParam(GAME_PAGE_CAPS.recentList).default(15),
    }),
    response: z.object({ list: z.array(gameEntry), totalPages: z.number().int(), totalCount: z.number().int() }),
  }),
  winnerList: defineEndpoint({
    ...gameRoutes.winnerList,
    query: z.strictObject({
      gameCategory: z.enum([...GAME_TYPES, 'HOME'], { message: 'Use HOME or a game type' }).default('HOME'),
      language: languageParam.optional(),
      limitNum: intParam(1, GAME_PAGE_CAPS.winnerLimit, 'limitNum').default(20),
    }),
    response: z.object({ list: z.array(winnerEntry) }),
    summary: 'Largest real wins, by winAmount descending. Empty until real rounds exist.',
  }),
};

/** Lower-case, accents removed, spaces collapsed: how names are stored for search and searched. */
export const normalizeSearch = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Fallback order for a name missing in a language. */
export const languageFallbacks = (lang: Language, defaultLanguage: Language = 'PT'): Language[] => [
  ...new Set<Language>([lang, 'EN', defaultLanguage, 'PT']),
];
