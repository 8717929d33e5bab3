import type {
  AGENT_TYPES,
  ErrorCode,
  IN_APP_CHAT_PATH as CHAT_PATH,
  LIMITS,
  SystemStatus,
  TRIAL_TYPES,
} from '@app/contract';

/*
 * Contract constants the first page needs, mirrored here on purpose. Importing any value from
 * '@app/contract' makes its whole module graph (zod and every schema) part of the first load,
 * about 40 KB gzip over the home-page budget. Each constant `satisfies` the contract's own, so a
 * change there fails the type check here. Everything loaded later imports the contract directly.
 */

export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const satisfies typeof SystemStatus;

export const ERROR_CODE = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  REGION_RESTRICTED: 'REGION_RESTRICTED',
  MAINTENANCE: 'MAINTENANCE',
  INTERNAL: 'INTERNAL',
} as const satisfies Partial<typeof ErrorCode>;

export const HOME_LIMITS = {
  gameListPageSize: 15,
  homeHot: 12,
  homePerType: 5,
} as const satisfies Pick<typeof LIMITS, 'gameListPageSize' | 'homeHot' | 'homePerType'>;

/** A customer-service entry whose path is this opens the in-app chat room (decision 057). */
export const IN_APP_CHAT_PATH = 'app:chat' as const satisfies typeof CHAT_PATH;

const AGENT_TYPE_VALUES = [1, 2, 41, 42] as const satisfies typeof AGENT_TYPES;
const TRIAL_TYPE_VALUES = [4] as const satisfies typeof TRIAL_TYPES;

export const isAgentType = (type: number): boolean => (AGENT_TYPE_VALUES as readonly number[]).includes(type);
export const isTrialType = (type: number): boolean => (TRIAL_TYPE_VALUES as readonly number[]).includes(type);
