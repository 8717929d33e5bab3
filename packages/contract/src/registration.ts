import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { registrationRoutes } from './routes/registration.ts';
import { LIMITS } from './enums.ts';
import { checkFieldRule, parseFamilyDate, ruleMessageEn, type FieldRule } from './patterns.ts';
import type { RegisterSetting } from './system.ts';
import { loginValue } from './session.ts';

/**
 * Registration (spec §3 payload, §5 rules). The body schema only checks shapes; the per-field
 * rules come from the brand's register setting and are applied by `validateRegistration`, which
 * the register form and the server both run, so the form can never be more lenient than the server.
 */
const text = (max = 200) => z.string().trim().max(max).optional();
const signUpLimit = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,14}$/, 'Enter a whole amount')
  .optional();

/** The sign-up deposit limits and the protection limit each one sets. */
export const SIGN_UP_LIMITS = {
  depositLimitDay: 'deposit_day',
  depositLimitWeek: 'deposit_week',
  depositLimitMonth: 'deposit_month',
} as const;

export const registerBody = z.strictObject({
  username: text(64),
  password: z.string().trim().max(128),
  confirmPassword: z.string().trim().max(128),
  payeeName: text(100),
  email: text(120),
  qqNum: text(),
  mobileNum: text(32),
  countryDialingCode: text(8),
  recommenderId: text(64),
  captcha: text(16),
  verificationCode: text(16),
  affiliateCode: text(64),
  referralCode: text(64),
  paymentPassword: text(64),
  line: text(),
  whatsapp: text(),
  facebook: text(),
  wechat: text(),
  idNumber: text(),
  birthday: text(10),
  domain: text(253),
  registerUrl: text(500),
  registerMethod: z.literal('WEB').optional(),
  /** Log in right away and answer the login value as well. */
  login: z.boolean().optional(),
  firebaseChannel: text(),
  firebaseIdToken: text(4096),
  /** The terms are ticked. */
  agreeTerms: z.boolean().optional(),
  /** The person confirms being 18 or older. */
  ageConfirmed: z.boolean().optional(),
  /**
   * Deposit limits offered at sign-up (issue 24, GLI-19): minor units per brand day, week and
   * month, saved with the account as the player's own limits (they apply at once).
   */
  depositLimitDay: signUpLimit,
  depositLimitWeek: signUpLimit,
  depositLimitMonth: signUpLimit,
});
export type RegisterBody = z.infer<typeof registerBody>;
export type RegisterMode = 'username' | 'mobile';

export const registerValue = z.object({
  memberId: z.string(),
  account: z.string(),
  /** Present when the request asked to log in right away. */
  login: loginValue.nullable(),
});

/** Optional fields the register setting can switch on, in form order (spec §5). */
export const OPTIONAL_REGISTER_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'paymentPassword',
  'captcha',
] as const;
export type OptionalRegisterField = (typeof OPTIONAL_REGISTER_FIELDS)[number];

/** Messages of the registration checks: translation key → English text. */
export const FIELD_MESSAGES_EN = {
  field_required: 'Input cannot be empty',
  confirm_password_mismatch: 'Confirmation password is not correct.',
  terms_required: 'Please read and agree to the terms and conditions',
  age_confirm_required: 'Please confirm that you are 18 or older',
  underage: 'You must be 18 or older to register',
  mobile_invalid: 'Phone number format is incorrect',
  dialing_code_invalid: 'Please choose a country dialing code',
  sms_code_format: 'Please enter a valid verification code',
  captcha_required: 'Please enter the captcha',
  field_not_accepted: 'This field is not accepted',
} as const;
export type FieldMessageKey = keyof typeof FIELD_MESSAGES_EN;

/** One field's problem: a translation key with its parameters, and the English text. */
export interface FieldIssue {
  key: string;
  params?: { min: number; max: number };
  message: string;
}

const issue = (key: FieldMessageKey): FieldIssue => ({ key, message: FIELD_MESSAGES_EN[key] });

export const ageOn = (birthday: string, today: Date): number | null => {
  const d = parseFamilyDate(birthday);
  if (!d) return null;
  let age = today.getUTCFullYear() - d.year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < d.month || (today.getUTCMonth() + 1 === d.month && today.getUTCDate() < d.day);
  if (beforeBirthday) age -= 1;
  return age;
};

const MOBILE_RE = /^\d{5,15}$/;
const DIALING_RE = /^\+?\d{1,4}$/;

/**
 * Checks a registration against the brand's setting. Returns one issue per failing field (empty
 * when everything passes). Server-only facts (a taken username, an unknown invitation code, the
 * SMS code's value) are checked afterwards by the server.
 */
export const validateRegistration = (
  setting: RegisterSetting,
  input: Partial<Record<keyof RegisterBody, unknown>>,
  mode: RegisterMode,
  today: Date = new Date(),
): Record<string, FieldIssue> => {
  const out: Record<string, FieldIssue> = {};
  const str = (k: keyof RegisterBody): string => (typeof input[k] === 'string' ? (input[k] as string).trim() : '');
  const fieldOf = (name: string) => setting.fields.find((f) => f.field === name);
  const byRule = (name: string, value: string, rule: FieldRule | undefined) => {
    if (!rule) return;
    const v = checkFieldRule(rule, value);
    if (v) out[name] = { key: v.key, params: { min: v.min, max: v.max }, message: ruleMessageEn(v) };
  };

  const username = str('username');
  if (!username && mode === 'username') out.username = issue('field_required');
  else if (username) byRule('username', username, fieldOf('username')?.rule);

  const password = str('password');
  if (!password) out.password = issue('field_required');
  else byRule('password', password, fieldOf('password')?.rule);
  const confirm = str('confirmPassword');
  if (!confirm) out.confirmPassword = issue('field_required');
  else if (confirm !== password) out.confirmPassword = issue('confirm_password_mismatch');

  const mobile = str('mobileNum');
  const mobileField = fieldOf('mobileNum');
  const mobileRequired = mode === 'mobile' || !!(mobileField?.enabled && mobileField.required);
  if (!mobile && mobileRequired) out.mobileNum = issue('field_required');
  else if (mobile && mode === 'username' && !mobileField?.enabled) out.mobileNum = issue('field_not_accepted');
  else if (mobile && !MOBILE_RE.test(mobile)) out.mobileNum = issue('mobile_invalid');
  else if (mobile) byRule('mobileNum', mobile, mobileField?.rule);
  if (mobile && !DIALING_RE.test(str('countryDialingCode'))) out.countryDialingCode = issue('dialing_code_invalid');
  if (mobile && setting.smsVerification) {
    const code = str('verificationCode');
    if (!code) out.verificationCode = issue('field_required');
    else if (!/^\d{6}$/.test(code)) out.verificationCode = issue('sms_code_format');
  }

  for (const name of OPTIONAL_REGISTER_FIELDS) {
    const f = fieldOf(name);
    const value =
      str(name === 'affiliateCode' ? 'affiliateCode' : name) || (name === 'affiliateCode' ? str('referralCode') : '');
    const captchaOn = name === 'captcha' && setting.captcha;
    const enabled = !!f?.enabled || captchaOn;
    const required = (!!f?.enabled && f.required) || captchaOn;
    if (!value) {
      if (required) out[name] = name === 'captcha' ? issue('captcha_required') : issue('field_required');
      continue;
    }
    // An invitation link pre-fills the code even when the form does not show the field.
    if (!enabled && name !== 'affiliateCode') {
      out[name] = issue('field_not_accepted');
      continue;
    }
    byRule(name, value, f?.rule);
  }

  // The date of birth is asked of everyone who registers (issue 24): under 18 is refused.
  const birthday = str('birthday');
  if (!birthday) out.birthday = issue('field_required');
  else {
    const age = ageOn(birthday, today);
    if (age === null)
      byRule('birthday', birthday, { acceptedPattern: '*', minLength: 10, maxLength: 10, patternId: 'DATE' });
    else if (age < LIMITS.minimumAge) out.birthday = issue('underage');
  }
  if (input.agreeTerms !== true) out.agreeTerms = issue('terms_required');
  if (input.ageConfirmed !== true) out.ageConfirmed = issue('age_confirm_required');
  return out;
};

export const affiliateQuery = z.strictObject({
  code: z.string().trim().min(1, 'Input cannot be empty').max(64),
  domain: z.string().trim().max(253).optional(),
});

export const affiliateValue = z.object({
  code: z.string(),
  /** The inviting agent's account, partly masked. */
  agent: z.string(),
});

export const registrationEndpoints = {
  register: defineEndpoint({ ...registrationRoutes.register, body: registerBody, response: registerValue }),
  registerMobile: defineEndpoint({ ...registrationRoutes.registerMobile, body: registerBody, response: registerValue }),
  affiliate: defineEndpoint({ ...registrationRoutes.affiliate, query: affiliateQuery, response: affiliateValue }),
};
