import { AGENT_TYPES, MemberType, isAgentType, isTrialType, type AccountSettings } from '@app/contract';
import type { MemberRow } from './data.ts';

/** Account rules that need no database: who may log in where, and when a password must change. */

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  passwordExpiry: { enabled: false, days: 90 },
  defaultPassword: null,
  extraVerification: { enabled: false, methods: ['sms', 'email', 'totp', 'payeeName'] },
  trialPlayMoney: '200000',
};

/** Types that may use the player site: members, agents and trial accounts. */
export const isPlayerSiteType = (type: number) => type === MemberType.MEMBER || isAgentType(type) || isTrialType(type);

export type LoginRefusal = 'NON_MEMBER' | 'NOT_AGENT' | 'ACCOUNT_FROZEN' | null;

/** Whether an account whose password (or code) checked out may log in to this area (spec §6). */
export const loginRefusal = (m: Pick<MemberRow, 'type' | 'status'>, area: 'member' | 'agent'): LoginRefusal => {
  if (m.status !== 'active') return 'ACCOUNT_FROZEN';
  if (area === 'agent') return isAgentType(m.type) ? null : 'NOT_AGENT';
  return isPlayerSiteType(m.type) ? null : 'NON_MEMBER';
};

export const passwordExpired = (m: Pick<MemberRow, 'passwordChangedAt'>, s: AccountSettings, now = new Date()) =>
  s.passwordExpiry.enabled && now.getTime() - m.passwordChangedAt.getTime() > s.passwordExpiry.days * 86_400_000;

/**
 * The change-password modal is forced (spec §4) when someone else set the password (staff or an
 * upline agent: the default password), when the typed password is the brand's default password,
 * or when it expired. Only for username logins: SMS and third-party logins never typed it.
 */
export const mustChangePassword = (
  m: Pick<MemberRow, 'passwordSetBy' | 'passwordChangedAt' | 'type'>,
  s: AccountSettings,
  typedPassword: string | null,
  now = new Date(),
) => {
  if (typedPassword === null || isTrialType(m.type)) return { forced: false, expired: false };
  const expired = passwordExpired(m, s, now);
  const byOthers = m.passwordSetBy === 'operator' || m.passwordSetBy === 'agent';
  const isDefault = !!s.defaultPassword && typedPassword === s.defaultPassword;
  return { forced: expired || byOthers || isDefault, expired };
};

export const AGENT_TYPE_LIST: readonly number[] = AGENT_TYPES;

/** Lower-cased username: uniqueness is case-insensitive per merchant. */
export const usernameKeyOf = (username: string) => username.trim().toLowerCase();
