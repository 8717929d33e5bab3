import {
  ACCOUNT_MESSAGES,
  MemberType,
  isAgentType,
  isTrialType,
  type AccountSettings,
  type VerificationMethod,
} from '@app/contract';
import { AppError } from '../../../http/errors.ts';
import type { MemberRow } from '../members/service.ts';
import { usernameKeyOf } from '../members/policy.ts';
import { maskEmail, maskPhone } from '../verification/policy.ts';

/** Login rules that need no database: who may log in where, when a password must change, what a second step may use. */

/** Types that may use the player site: members, agents and trial accounts. */
export const isPlayerSiteType = (type: number) => type === MemberType.MEMBER || isAgentType(type) || isTrialType(type);

export type LoginRefusal = 'NON_MEMBER' | 'NOT_AGENT' | 'ACCOUNT_FROZEN' | null;

/** Whether an account whose password (or code) checked out may log in to this area (spec §6). */
export const loginRefusal = (m: Pick<MemberRow, 'type' | 'status'>, area: 'member' | 'agent'): LoginRefusal => {
  if (m.status !== 'active') return 'ACCOUNT_FROZEN';
  if (area === 'agent') return isAgentType(m.type) ? null : 'NOT_AGENT';
  return isPlayerSiteType(m.type) ? null : 'NON_MEMBER';
};

export const refusalError = (refusal: NonNullable<LoginRefusal>) =>
  new AppError(refusal, ACCOUNT_MESSAGES[refusal], 403, { captcha: false });

export const passwordExpired = (m: Pick<MemberRow, 'passwordChangedAt'>, s: AccountSettings, now = new Date()) =>
  s.passwordExpiry.enabled && now.getTime() - m.passwordChangedAt.getTime() > s.passwordExpiry.days * 86_400_000;

/** Whether the account's password is a one-time password someone else (an agent, an operator) set. */
export const hasOneTimePassword = (m: Pick<MemberRow, 'passwordSetBy'>) =>
  m.passwordSetBy === 'operator' || m.passwordSetBy === 'agent';

/**
 * A one-time password past its validity (ONE_TIME_PASSWORD_HOURS, decision 055) no longer logs in:
 * the member asks whoever created the account for a new one.
 */
export const oneTimePasswordExpired = (
  m: Pick<MemberRow, 'passwordSetBy' | 'oneTimePasswordExpiresAt'>,
  now = new Date(),
) => hasOneTimePassword(m) && !!m.oneTimePasswordExpiresAt && m.oneTimePasswordExpiresAt.getTime() <= now.getTime();

export const oneTimePasswordExpiredError = () =>
  new AppError(
    'ONE_TIME_PASSWORD_EXPIRED',
    'This one-time password has expired; ask whoever created your account for a new one',
    403,
    { captcha: false },
  );

/**
 * The change-password modal is forced (spec §4) when someone else set the password (an upline
 * agent or staff: a one-time password, decision 055) or when it expired. Only for username logins:
 * SMS and third-party logins never typed it.
 */
export const mustChangePassword = (
  m: Pick<MemberRow, 'passwordSetBy' | 'passwordChangedAt' | 'type'>,
  s: AccountSettings,
  typedPassword: string | null,
  now = new Date(),
) => {
  if (typedPassword === null || isTrialType(m.type)) return { forced: false, expired: false };
  const expired = passwordExpired(m, s, now);
  return { forced: expired || hasOneTimePassword(m), expired };
};

/** The limiter counter of an account's failed logins; a new password clears it (decision 005). */
export const ACCOUNT_FAILURES = 'login.fail.account';
export const accountKeyOf = (merchantId: number, username: string) => `${merchantId}:${usernameKeyOf(username)}`;

/** The second factors this member can actually use, among those the brand allows. */
export const availableMethods = (member: MemberRow, allowed: readonly VerificationMethod[]) => {
  const out: { method: VerificationMethod; destination: string | null }[] = [];
  for (const method of allowed) {
    if (method === 'sms' && member.mobile && member.countryDialingCode) {
      out.push({ method, destination: maskPhone(member.countryDialingCode, member.mobile) });
    } else if (method === 'email' && member.email) out.push({ method, destination: maskEmail(member.email) });
    else if (method === 'totp' && member.totpEnabled) out.push({ method, destination: null });
    else if (method === 'payeeName' && member.payeeName) out.push({ method, destination: null });
  }
  return out;
};
