import { z } from 'zod';
import { INT4_MAX } from './input.ts';
import { defineEndpoint } from './endpoint.ts';
import { contentRoutes } from './routes/content.ts';
import { operatorContentRoutes } from './routes/operator-content.ts';
import {
  ANNOUNCEMENT_EXECUTIONS,
  ANNOUNCEMENT_TYPES,
  BANNER_GROUPS,
  GAME_TYPES,
  LANGUAGES,
  gameType,
  language,
} from './enums.ts';
import { languageParam, vassalageCode } from './games.ts';
import { customerServiceEntry, resourceEntry } from './system.ts';
import { siteSettingsOperations } from './brand.ts';

/**
 * Site content of spec §3 and §7: banners, announcements (types B banners, PL player notices,
 * PU popup, PR promotion, H headline; execution A members, B everyone, F members' first login),
 * help articles, resources, customer service and mirror domains.
 */

export const PROMOTION_TYPES = [
  'NEWBIE',
  'LIMITED',
  'SPECIAL_OFFER',
  'DAILY',
  'HIGH_REBATE',
  'VIP',
  'REBATE',
  'POINTS_MALL',
  'RANKING',
  'DEPOSIT',
  'APP_DOWNLOAD',
] as const;
export const promotionType = z.enum(PROMOTION_TYPES);
export const BANNER_LINKAGES = ['NONE', 'URL', 'ROUTE', 'PROMOTION', 'GAME'] as const;
export const bannerLinkage = z.enum(BANNER_LINKAGES);
export const announcementType = z.enum(ANNOUNCEMENT_TYPES);
export const announcementExecution = z.enum(ANNOUNCEMENT_EXECUTIONS);
export const bannerGroup = z.enum(BANNER_GROUPS);

/** At most this many announcements of one group come back; the popup pages them 9 at a time. */
export const CONTENT_CAPS = { announcements: 200, banners: 50, help: 300 } as const;

/** Comma-separated enumeration in a query string: 'B,PL,PU'. */
const csvOf = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .string()
    .trim()
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(values, { message: `${what}: use ${values.join(', ')}` })).min(1, `${what} is required`));

export const bannerValue = z.object({
  id: z.number().int(),
  groupName: bannerGroup,
  title: z.string(),
  /** The image. */
  url: z.string(),
  linkageType: bannerLinkage,
  /** Where the banner leads: a URL, a route, a promotion id or a game nodeId. */
  linkage: z.string(),
});
export type BannerValue = z.infer<typeof bannerValue>;

export const announcementValue = z.object({
  id: z.number().int(),
  type: announcementType,
  execution: announcementExecution,
  title: z.string(),
  content: z.string(),
  promotionType: promotionType.nullable(),
  gameType: gameType.nullable(),
  vassalage: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string().nullable(),
});
export type AnnouncementValue = z.infer<typeof announcementValue>;

export const promotionItem = z.object({
  id: z.number().int(),
  title: z.string(),
  promotionType: promotionType.nullable(),
  /** What the promotion offers and its rules, in the help centre's small markup. */
  content: z.string(),
});

export const announcementGroups = z.object({
  banners: z.array(bannerValue),
  notices: z.array(announcementValue),
  popup: z.array(announcementValue),
  promotion: z.array(promotionItem),
  headlines: z.array(announcementValue),
});
export type AnnouncementGroups = z.infer<typeof announcementGroups>;

/** A mirror domain's state, set by the operator: retired mirrors are no longer listed to players. */
export const MIRROR_STATUSES = ['active', 'maintenance', 'retired'] as const;
export const mirrorStatus = z.enum(MIRROR_STATUSES);
export type MirrorStatus = z.infer<typeof mirrorStatus>;
export const mirrorDomainValue = z.object({ host: z.string(), status: mirrorStatus });
export type MirrorDomainValue = z.infer<typeof mirrorDomainValue>;

/**
 * A host name as players type it: lower-case labels of letters, digits and inner dashes, at least
 * two of them, no scheme, port, path or trailing dot (a mirror is a whole site, not a page).
 */
export const HOST_NAME_PATTERN =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
export const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HOST_NAME_PATTERN, 'Give a host name only, such as mirror.example.com (no https://, port or path)');

export const helpArticleValue = z.object({
  term: z.string(),
  category: z.string(),
  title: z.string(),
  content: z.string(),
});
export type HelpArticleValue = z.infer<typeof helpArticleValue>;

export const contentEndpoints = {
  listAnnouncements: defineEndpoint({
    ...contentRoutes.listAnnouncements,
    query: z.strictObject({
      types: csvOf(ANNOUNCEMENT_TYPES, 'types'),
      platform: z.literal('W', { message: 'platform must be W' }).default('W'),
      execution: csvOf(ANNOUNCEMENT_EXECUTIONS, 'execution').optional(),
      groupName: bannerGroup.optional(),
      language: languageParam.optional(),
    }),
    response: announcementGroups,
    summary: 'Execution A and F items reach logged-in members only.',
  }),
  gameAnnouncements: defineEndpoint({
    ...contentRoutes.gameAnnouncements,
    query: z.strictObject({
      gameType: gameType.optional(),
      vassalage: vassalageCode.optional(),
      language: languageParam.optional(),
    }),
    response: z.object({ list: z.array(announcementValue) }),
  }),
  help: defineEndpoint({
    ...contentRoutes.help,
    query: z.strictObject({
      lang: languageParam.optional(),
      device: z.literal('WEB', { message: 'device must be WEB' }).default('WEB'),
    }),
    response: z.object({ list: z.array(helpArticleValue) }),
  }),
  resources: defineEndpoint({
    ...contentRoutes.resources,
    query: z.strictObject({
      resourceType: z
        .string()
        .trim()
        .regex(/^[A-Za-z_]{1,32}$/)
        .optional(),
    }),
    response: z.object({ list: z.array(resourceEntry) }),
  }),
  customerService: defineEndpoint({
    ...contentRoutes.customerService,
    response: z.object({ list: z.array(customerServiceEntry) }),
  }),
  mirrorDomains: defineEndpoint({
    ...contentRoutes.mirrorDomains,
    response: z.object({
      /** The listed mirrors' host names (active and maintenance), in the operator's order. */
      list: z.array(z.string()),
      /** The same mirrors with their state. */
      domains: z.array(mirrorDomainValue),
    }),
    summary: 'Retired mirrors are not listed.',
  }),
  siteImage: defineEndpoint({
    ...contentRoutes.siteImage,
    response: z.null(),
    summary: 'The image bytes (png or jpg), not an envelope; cached for good (an image never changes).',
  }),
};

/* ---------------------------------------------------------------- operator side */

/** Text per language; at least one language. */
export const localizedText = (max: number) =>
  z
    .partialRecord(language, z.string().trim().min(1, 'Cannot be empty').max(max))
    .refine((v) => Object.keys(v).length > 0, `Give the text in at least one of ${LANGUAGES.join(', ')}`);

const isoTime = z.iso.datetime({ offset: true, message: 'Use an ISO date-time such as 2026-01-31T12:00:00Z' });
const idQuery = z.strictObject({ id: z.coerce.number().int().positive('id must be a positive number').max(INT4_MAX) });
const sortField = z.number().int().min(-100000).max(100000);

/** Fields an operator sends; what is left out on create takes the service's default. */
const bannerFields = {
  groupName: bannerGroup,
  title: localizedText(120),
  imageUrl: z.string().trim().min(1).max(500),
  linkageType: bannerLinkage.optional(),
  linkage: z.string().trim().max(500).optional(),
  sort: sortField.optional(),
  enabled: z.boolean().optional(),
  startTime: isoTime.nullable().optional(),
  endTime: isoTime.nullable().optional(),
};
const announcementFields = {
  type: announcementType,
  execution: announcementExecution.optional(),
  title: localizedText(200),
  content: localizedText(10000),
  promotionType: promotionType.nullable().optional(),
  gameType: gameType.nullable().optional(),
  vassalage: vassalageCode.nullable().optional(),
  sort: sortField.optional(),
  enabled: z.boolean().optional(),
  startTime: isoTime.nullable().optional(),
  endTime: isoTime.nullable().optional(),
};
const helpFields = {
  term: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,64}$/, 'Use 2-64 lower-case letters, digits or dashes'),
  language: language,
  category: z.string().trim().min(1).max(60),
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(20000),
  sort: sortField.optional(),
  enabled: z.boolean().optional(),
};

/** An update: the id and any subset of the fields. */
const partialWithId = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z
    .strictObject(shape)
    .partial()
    .extend({ id: z.number().int().positive('id must be a positive number').max(INT4_MAX) });

export const operatorBanner = z.object({
  id: z.number().int(),
  groupName: bannerGroup,
  title: z.record(z.string(), z.string()),
  imageUrl: z.string(),
  linkageType: bannerLinkage,
  linkage: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export const operatorAnnouncement = z.object({
  id: z.number().int(),
  type: announcementType,
  execution: announcementExecution,
  title: z.record(z.string(), z.string()),
  content: z.record(z.string(), z.string()),
  promotionType: promotionType.nullable(),
  gameType: gameType.nullable(),
  vassalage: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export const operatorHelpArticle = z.object({
  id: z.number().int(),
  term: z.string(),
  language: language,
  category: z.string(),
  title: z.string(),
  content: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});

/** A mirror domain as the operator manages it; the brand's main domain is not one of them. */
export const operatorDomain = z.object({
  id: z.number().int(),
  host: z.string(),
  status: mirrorStatus,
  sort: z.number().int(),
});
export type OperatorDomain = z.infer<typeof operatorDomain>;

export const operatorContentEndpoints = {
  listBanners: defineEndpoint({
    ...operatorContentRoutes.listBanners,
    response: z.object({ list: z.array(operatorBanner) }),
  }),
  createBanner: defineEndpoint({
    ...operatorContentRoutes.createBanner,
    body: z.strictObject(bannerFields),
    response: operatorBanner,
  }),
  updateBanner: defineEndpoint({
    ...operatorContentRoutes.updateBanner,
    body: partialWithId(bannerFields),
    response: operatorBanner,
  }),
  deleteBanner: defineEndpoint({
    ...operatorContentRoutes.deleteBanner,
    query: idQuery,
    response: z.object({ deleted: z.boolean() }),
  }),
  listAnnouncements: defineEndpoint({
    ...operatorContentRoutes.listAnnouncements,
    response: z.object({ list: z.array(operatorAnnouncement) }),
  }),
  createAnnouncement: defineEndpoint({
    ...operatorContentRoutes.createAnnouncement,
    body: z.strictObject(announcementFields),
    response: operatorAnnouncement,
  }),
  updateAnnouncement: defineEndpoint({
    ...operatorContentRoutes.updateAnnouncement,
    body: partialWithId(announcementFields),
    response: operatorAnnouncement,
  }),
  deleteAnnouncement: defineEndpoint({
    ...operatorContentRoutes.deleteAnnouncement,
    query: idQuery,
    response: z.object({ deleted: z.boolean() }),
  }),
  listHelp: defineEndpoint({
    ...operatorContentRoutes.listHelp,
    response: z.object({ list: z.array(operatorHelpArticle) }),
  }),
  createHelp: defineEndpoint({
    ...operatorContentRoutes.createHelp,
    body: z.strictObject(helpFields),
    response: operatorHelpArticle,
  }),
  updateHelp: defineEndpoint({
    ...operatorContentRoutes.updateHelp,
    body: partialWithId(helpFields),
    response: operatorHelpArticle,
  }),
  deleteHelp: defineEndpoint({
    ...operatorContentRoutes.deleteHelp,
    query: idQuery,
    response: z.object({ deleted: z.boolean() }),
  }),
  listDomains: defineEndpoint({
    ...operatorContentRoutes.listDomains,
    response: z.object({ list: z.array(operatorDomain) }),
  }),
  createDomain: defineEndpoint({
    ...operatorContentRoutes.createDomain,
    body: z.strictObject({ host: hostName, status: mirrorStatus.optional() }),
    response: operatorDomain,
  }),
  updateDomain: defineEndpoint({
    ...operatorContentRoutes.updateDomain,
    body: z.strictObject({
      id: z.number().int().positive('id must be a positive number'),
      host: hostName.optional(),
      status: mirrorStatus.optional(),
    }),
    response: operatorDomain,
  }),
  deleteDomain: defineEndpoint({
    ...operatorContentRoutes.deleteDomain,
    query: idQuery,
    response: z.object({ deleted: z.boolean() }),
  }),
  setDomainOrder: defineEndpoint({
    ...operatorContentRoutes.setDomainOrder,
    body: z.strictObject({
      ids: z
        .array(z.number().int().positive('ids must be positive numbers'))
        .min(1, 'Give every mirror id in the new order')
        .max(200)
        .refine((ids) => new Set(ids).size === ids.length, 'An id appears twice'),
    }),
    response: z.object({ list: z.array(operatorDomain) }),
    summary: "The brand's mirrors in their new order; the list must name each of them once.",
  }),
  ...siteSettingsOperations,
  setHotGames: defineEndpoint({
    ...operatorContentRoutes.setHotGames,
    body: z.strictObject({
      nodeIds: z.array(z.number().int().positive().max(INT4_MAX)).min(1, 'Give at least one nodeId').max(500),
      isHot: z.boolean(),
    }),
    response: z.object({ updated: z.number().int() }),
  }),
  listVendors: defineEndpoint({
    ...operatorContentRoutes.listVendors,
    query: z.strictObject({ gameType: gameType.optional() }),
    response: z.object({
      list: z.array(
        z.object({
          vassalage: z.string(),
          displayName: z.string(),
          gameType: gameType,
          sort: z.number().int(),
          enabled: z.boolean(),
          gameCount: z.number().int(),
        }),
      ),
    }),
  }),
  setVendorOrder: defineEndpoint({
    ...operatorContentRoutes.setVendorOrder,
    body: z.strictObject({
      gameType: z.enum(GAME_TYPES),
      /** Every vendor of the game type, first to last. */
      vassalages: z.array(vassalageCode).min(1).max(200),
    }),
    response: z.object({ vassalages: z.array(z.string()) }),
  }),
  setVendorEnabled: defineEndpoint({
    ...operatorContentRoutes.setVendorEnabled,
    body: z.strictObject({ vassalage: vassalageCode, gameType: gameType, enabled: z.boolean() }),
    response: z.object({ vassalage: z.string(), gameType: gameType, enabled: z.boolean() }),
  }),
};
