import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { operatorRoutes } from './routes/operator.ts';
import { maintenanceInfo } from './system.ts';
import { amountField } from './money.ts';

export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'content'] as const;
export const operatorRole = z.enum(OPERATOR_ROLES);

const trimmed = (min: number, max: number) => z.string().trim().min(min).max(max);
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code');
const cidr = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'Use an IP address or CIDR such as 10.0.0.0/8');

/**
 * What an operator's login still waits for, in order: a code from the authenticator, a new password
 * (the bootstrap or one-time password), enrolling an authenticator (admin and finance roles).
 */
export const OPERATOR_STEPS = ['totp', 'password_change', 'totp_enrol'] as const;
export const operatorStep = z.enum(OPERATOR_STEPS);
/** The roles that must sign in with a second factor (decision 054). */
export const SECOND_FACTOR_ROLES: readonly (typeof OPERATOR_ROLES)[number][] = ['admin', 'finance'];

/** The signed-in operator as the console shows them. */
export const operatorMe = z.object({
  username: z.string(),
  role: operatorRole,
  /** Empty once the login is complete; the console shows the first step's screen until then. */
  pending: z.array(operatorStep),
  totpEnabled: z.boolean(),
});

export const operatorLoginValue = operatorMe.extend({ token: z.string() });

/** An operator's new password: 10 to 128 characters with a letter and a digit. */
export const operatorPassword = z
  .string()
  .min(10, 'Use at least 10 characters')
  .max(128, 'Use at most 128 characters')
  .regex(/\p{L}/u, 'Use at least one letter')
  .regex(/\d/, 'Use at least one digit');
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const OPERATOR_STATUSES = ['active', 'disabled'] as const;
export const operatorView = z.object({
  id: z.number(),
  username: z.string(),
  role: operatorRole,
  status: z.enum(OPERATOR_STATUSES),
  totpEnabled: z.boolean(),
  /** Still on a password someone else set (bootstrap or one-time). */
  mustChangePassword: z.boolean(),
  /** Too many failed logins: refused until the window passes or an admin unlocks. */
  locked: z.boolean(),
  createdAt: z.string(),
});
const operatorUsername = z
  .string()
  .trim()
  .min(3, 'Use 3 to 40 characters')
  .max(40, 'Use 3 to 40 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes and underscores');

const oneTimePasswordValue = z.object({ operator: operatorView, oneTimePassword: z.string(), expiresAt: z.string() });

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  /** Who acted; null for a failed login under an unknown name. */
  operator: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
});

export const regionSettings = z.object({
  blockedCountries: z.array(countryCode).max(250),
  allowedCountries: z.array(countryCode).max(250),
  cidrAllow: z.array(cidr).max(500),
  cidrBlock: z.array(cidr).max(500),
});

/**
 * What the winners board counts as a win: at least `minAmount` minor units, and (when
 * `minMultiple` is above 0) at least that many times the round's stake.
 */
export const winnersBoardRule = z.object({
  minAmount: amountField('Enter the minimum win in whole minor units', { trim: true }),
  minMultiple: z.number().int().min(0).max(10_000),
});

export const operatorEndpoints = {
  login: defineEndpoint({
    ...operatorRoutes.login,
    body: z.strictObject({
      username: trimmed(1, 40),
      password: z.string().min(1).max(128),
      /** Asked for once the account or the address has failed a few times (answer `captcha: true`). */
      captcha: z.string().trim().max(10).optional(),
    }),
    response: operatorLoginValue,
  }),
  logout: defineEndpoint({ ...operatorRoutes.logout, response: z.null() }),
  me: defineEndpoint({ ...operatorRoutes.me, response: operatorMe }),
  verifyTotp: defineEndpoint({
    ...operatorRoutes.verifyTotp,
    body: z.strictObject({ code: totpCode }),
    response: operatorMe,
  }),
  changePassword: defineEndpoint({
    ...operatorRoutes.changePassword,
    body: z.strictObject({ currentPassword: z.string().min(1).max(128), newPassword: operatorPassword }),
    response: operatorMe,
  }),
  totpSetup: defineEndpoint({
    ...operatorRoutes.totpSetup,
    body: z.strictObject({}),
    response: z.object({ secret: z.string(), otpauthUrl: z.string() }),
  }),
  totpEnable: defineEndpoint({
    ...operatorRoutes.totpEnable,
    body: z.strictObject({ code: totpCode }),
    response: operatorMe,
  }),
  settings: defineEndpoint({
    ...operatorRoutes.settings,
    response: z.object({ maintenance: maintenanceInfo, region: regionSettings, winnersBoard: winnersBoardRule }),
  }),
  setMaintenance: defineEndpoint({
    ...operatorRoutes.setMaintenance,
    body: z.strictObject({
      enabled: z.boolean(),
      endTime: z.iso.datetime({ offset: true }).nullable(),
      message: z.string().trim().max(500).default(''),
    }),
    response: maintenanceInfo,
  }),
  setRegion: defineEndpoint({ ...operatorRoutes.setRegion, body: regionSettings.strict(), response: regionSettings }),
  setWinnersBoard: defineEndpoint({
    ...operatorRoutes.setWinnersBoard,
    body: winnersBoardRule.strict(),
    response: winnersBoardRule,
  }),
  list: defineEndpoint({ ...operatorRoutes.list, response: z.object({ list: z.array(operatorView) }) }),
  create: defineEndpoint({
    ...operatorRoutes.create,
    body: z.strictObject({ username: operatorUsername, role: operatorRole }),
    /** The one-time password is in this answer only: it is never stored or shown again. */
    response: oneTimePasswordValue,
  }),
  update: defineEndpoint({
    ...operatorRoutes.update,
    body: z
      .strictObject({ status: z.enum(OPERATOR_STATUSES).optional(), role: operatorRole.optional() })
      .refine((b) => b.status !== undefined || b.role !== undefined, 'Give a status or a role'),
    response: operatorView,
  }),
  unlock: defineEndpoint({ ...operatorRoutes.unlock, body: z.strictObject({}), response: operatorView }),
  resetTotp: defineEndpoint({ ...operatorRoutes.resetTotp, body: z.strictObject({}), response: operatorView }),
  /** A new one-time password for another operator (expired, forgotten): its sessions end. */
  resetPassword: defineEndpoint({
    ...operatorRoutes.resetPassword,
    body: z.strictObject({}),
    response: oneTimePasswordValue,
  }),
  audit: defineEndpoint({
    ...operatorRoutes.audit,
    query: z.object({
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(50),
      /** An action name or its prefix ("session." for logins). */
      action: z.string().trim().max(60).optional(),
      /** The acting operator's username. */
      operator: z.string().trim().max(40).optional(),
      /** Actions on this member (target `member:<id>`). */
      member: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    }),
    response: z.object({ list: z.array(auditEntry), total: z.number(), page: z.number(), pageSize: z.number() }),
  }),
};
