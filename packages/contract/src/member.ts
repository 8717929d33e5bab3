import { z } from 'zod';
import { amountField } from './money.ts';
import { defineEndpoint } from './endpoint.ts';
import { memberRoutes } from './routes/member.ts';
import { memberType } from './enums.ts';
import { checkFieldRule, ruleMessageEn } from './patterns.ts';
import { FIELD_MESSAGES_EN, type FieldIssue } from './registration.ts';
import { dialingCode, mobileNum, requiredText, smsCode, verificationMethod } from './session.ts';
import type { RegisterSetting } from './system.ts';

/** Avatars a member can choose (spec §7 /wps/member/info/icon); the web app draws them. */
export const AVATARS = Array.from({ length: 12 }, (_, i) => `avatar-${String(i + 1).padStart(2, '0')}`) as [
  string,
  ...string[],
];
export const avatarId = z.enum(AVATARS, 'Choose one of the offered avatars');

/** Member info (spec §3), with the previous login shown to the member. */
export const memberInfoValue = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: memberType,
  avatar: z.string(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** VIP label: the member's level name (decision 074); null below the first level or with VIP off. */
  vipLabelName: z.string().nullable(),
  /** The member's VIP level (0: none). */
  vipLevel: z.number(),
  previousLogin: z.object({ at: z.string(), ip: z.string() }).nullable(),
  /** Trial accounts only: their play money in minor units. */
  playBalance: z.string().nullable(),
});
export type MemberInfoValue = z.infer<typeof memberInfoValue>;

export const changePasswordBody = z.strictObject({
  /**
   * The current password; in the forced change after a first login, the one-time password the
   * account's creator handed out (decision 055). Required by the server.
   */
  oldPassword: z.string().trim().max(128).optional(),
  newPassword: requiredText(128),
  confirmNewPassword: requiredText(128),
});

export const passwordEmailBody = z.strictObject({
  username: requiredText(64),
  email: requiredText(120).pipe(z.email('E-mail format is incorrect')),
});

export const passwordResetBody = z.strictObject({
  token: requiredText(200),
  newPassword: requiredText(128),
  confirmNewPassword: requiredText(128),
});

export const passwordVerificationBody = z.strictObject({
  countryDialingCode: dialingCode,
  mobileNum: mobileNum,
  verificationCode: smsCode,
  newPassword: requiredText(128),
  confirmNewPassword: z.string().trim().max(128).optional(),
});

/**
 * The new-password checks of the change and reset forms (spec §5): the brand's password rule and a
 * matching confirmation. Shared by the forms and the server.
 */
export const validateNewPassword = (
  setting: RegisterSetting,
  input: { newPassword?: string; confirmNewPassword?: string | undefined },
  opts: { confirmRequired?: boolean } = {},
): Record<string, FieldIssue> => {
  const out: Record<string, FieldIssue> = {};
  const pw = (input.newPassword ?? '').trim();
  const rule = setting.fields.find((f) => f.field === 'password')?.rule;
  if (!pw) out.newPassword = { key: 'field_required', message: FIELD_MESSAGES_EN.field_required };
  else if (rule) {
    const v = checkFieldRule(rule, pw);
    if (v) out.newPassword = { key: v.key, params: { min: v.min, max: v.max }, message: ruleMessageEn(v) };
  }
  const confirm = input.confirmNewPassword?.trim();
  if (confirm === undefined || confirm === '') {
    if (opts.confirmRequired !== false) {
      out.confirmNewPassword = { key: 'field_required', message: FIELD_MESSAGES_EN.field_required };
    }
  } else if (confirm !== pw) {
    out.confirmNewPassword = { key: 'confirm_password_mismatch', message: FIELD_MESSAGES_EN.confirm_password_mismatch };
  }
  return out;
};

export const securityValue = z.object({
  account: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string(),
  payeeName: z.string().nullable(),
  birthday: z.string().nullable(),
  /** Masked. */
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  totpEnabled: z.boolean(),
  passwordChangedAt: z.string(),
  createdAt: z.string(),
});
export type SecurityValue = z.infer<typeof securityValue>;

const reauthToken = requiredText(200);

export const profileBody = z.strictObject({
  nickname: z.string().trim().min(1, 'Input cannot be empty').max(24).optional(),
  /** Set once; changing it afterwards goes through customer service. */
  payeeName: z.string().trim().max(100).optional(),
  birthday: z.string().trim().max(10).optional(),
});

export const loginRecord = z.object({
  at: z.string(),
  ip: z.string(),
  country: z.string().nullable(),
  device: z.string(),
  method: z.string(),
  success: z.boolean(),
});

export const accountSettings = z.object({
  passwordExpiry: z.object({ enabled: z.boolean(), days: z.number().int().min(1).max(3650) }),
  extraVerification: z.object({ enabled: z.boolean(), methods: z.array(verificationMethod).max(4) }),
  /** Play money of a new free-play trial account, minor units. */
  trialPlayMoney: amountField('Use whole minor units, e.g. 200000', { leadingZeros: true }),
});
export type AccountSettings = z.infer<typeof accountSettings>;

export const memberEndpoints = {
  info: defineEndpoint({ ...memberRoutes.info, response: memberInfoValue }),
  icon: defineEndpoint({ ...memberRoutes.icon, body: z.strictObject({ avatar: avatarId }), response: memberInfoValue }),
  changePassword: defineEndpoint({ ...memberRoutes.changePassword, body: changePasswordBody, response: z.null() }),
  passwordEmail: defineEndpoint({ ...memberRoutes.passwordEmail, body: passwordEmailBody, response: z.null() }),
  passwordReset: defineEndpoint({ ...memberRoutes.passwordReset, body: passwordResetBody, response: z.null() }),
  passwordVerification: defineEndpoint({
    ...memberRoutes.passwordVerification,
    body: passwordVerificationBody,
    response: z.null(),
  }),
  security: defineEndpoint({ ...memberRoutes.security, response: securityValue }),
  profile: defineEndpoint({ ...memberRoutes.profile, body: profileBody, response: securityValue }),
  reauth: defineEndpoint({
    ...memberRoutes.reauth,
    body: z.strictObject({ password: requiredText(128) }),
    response: z.object({ reauthToken: z.string(), expiresInSeconds: z.number().int() }),
  }),
  paymentPassword: defineEndpoint({
    ...memberRoutes.paymentPassword,
    body: z.strictObject({ reauthToken, paymentPassword: requiredText(64), confirmPaymentPassword: requiredText(64) }),
    response: securityValue,
  }),
  bindMobile: defineEndpoint({
    ...memberRoutes.bindMobile,
    body: z.strictObject({ reauthToken, countryDialingCode: dialingCode, mobileNum, verificationCode: smsCode }),
    response: securityValue,
  }),
  bindEmail: defineEndpoint({
    ...memberRoutes.bindEmail,
    body: z.strictObject({
      reauthToken,
      email: requiredText(120).pipe(z.email('E-mail format is incorrect')),
      verificationCode: smsCode,
    }),
    response: securityValue,
  }),
  totpSetup: defineEndpoint({
    ...memberRoutes.totpSetup,
    body: z.strictObject({ reauthToken }),
    response: z.object({ secret: z.string(), otpauthUrl: z.string() }),
  }),
  totpEnable: defineEndpoint({
    ...memberRoutes.totpEnable,
    body: z.strictObject({ code: smsCode }),
    response: securityValue,
  }),
  totpDisable: defineEndpoint({
    ...memberRoutes.totpDisable,
    body: z.strictObject({ reauthToken, code: smsCode }),
    response: securityValue,
  }),
  logins: defineEndpoint({
    ...memberRoutes.logins,
    query: z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(20) }),
    response: z.array(loginRecord),
  }),
  accountSettings: defineEndpoint({ ...memberRoutes.accountSettings, response: accountSettings }),
  updateAccountSettings: defineEndpoint({
    ...memberRoutes.updateAccountSettings,
    body: accountSettings.strict(),
    response: accountSettings,
  }),
};
