import { z } from 'zod';

/** Shared enumerations of spec §9 and §3. */
export const GAME_TYPES = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'BGS',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
] as const;
export const gameType = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof gameType>;

/** Menu-only game types: the home page, promotions and search are not catalogue types. */
export const MENU_GAME_TYPES = [...GAME_TYPES, 'HOME', 'PROMO', 'SEARCH'] as const;
export const menuGameType = z.enum(MENU_GAME_TYPES);
export type MenuGameType = z.infer<typeof menuGameType>;

export const GAME_FILTERS = ['ALL', 'HOT', 'FAV', 'RECENT'] as const;
export const gameFilter = z.enum(GAME_FILTERS);
export type GameFilter = z.infer<typeof gameFilter>;

export const PLATFORMS = ['flash', 'html5-desktop', 'W'] as const;
export const platform = z.enum(PLATFORMS);
export const CLIENT_TYPE = 3;
export const IS_PLATFORM = 2;

/** Vassalages with special routing rules (spec §4, §9). */
export const SPECIAL_VASSALAGES = ['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT', 'BGS'] as const;
export const GAME_TYPE_MAP = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export const LOTTERY_KINDS = ['11X5', 'LF', 'LHC', 'PK10', 'SSC'] as const;
export const lotteryKind = z.enum(LOTTERY_KINDS);

export const SOCIAL_KEYS = ['FACEBOOK', 'WHATSAPP', 'YOUTUBE', 'TIKTOK', 'INSTAGRAM', 'TWITTER', 'Telegram'] as const;
export const socialKey = z.enum(SOCIAL_KEYS);

/** Member types: agents 1, 2, 41, 42; trial 4; ordinary members 0. */
export const MemberType = { MEMBER: 0, AGENT_1: 1, AGENT_2: 2, TRIAL: 4, AGENT_41: 41, AGENT_42: 42 } as const;
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPES = [4] as const;
export const memberType = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(4),
  z.literal(41),
  z.literal(42),
]);
export type MemberTypeValue = z.infer<typeof memberType>;
export const isAgentType = (t: number): boolean => (AGENT_TYPES as readonly number[]).includes(t);
export const isTrialType = (t: number): boolean => (TRIAL_TYPES as readonly number[]).includes(t);

/** systemStatus: 0 normal, 1 maintenance, 2 region restricted. */
export const SystemStatus = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;
export const systemStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatusValue = z.infer<typeof systemStatus>;

export const LANGUAGES = ['PT', 'EN', 'ZH', 'JA', 'TH', 'VI', 'ES'] as const;
export const language = z.enum(LANGUAGES);
export type Language = z.infer<typeof language>;

export const BANNER_GROUPS = ['w_login', 'w_register', 'w_forget', 'w_home'] as const;
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const ANNOUNCEMENT_EXECUTIONS = ['A', 'B', 'F'] as const;
export const CONTRACT_PERIODS = ['D', 'W', 'H', 'M'] as const;
export const CONTRACT_FLAGS = ['dailysalreqtype', 'divtypereq', 'contracthoursalreq', 'realtimesalreqtype'] as const;

/** Page sizes and limits of spec §9. */
export const LIMITS = {
  gameListPageSize: 15,
  announcementPageSize: 9,
  winnerBoardLimit: 20,
  homeRecent: 15,
  homeFavoritesPageSize: 999,
  homeHot: 12,
  homePerType: 5,
  promoSideList: 6,
  maxPageSize: 999,
  minimumAge: 18,
  activityCommentMax: 140,
  uploadImagesMax: 3,
  uploadImageBytes: 5 * 1024 * 1024,
  realtimeSalaryMinutes: 5,
} as const;

export const DEFAULT_MC_PAGE = 'securityCenter';
export const DEFAULT_AC_PAGE = 'agentTeamOverview';
