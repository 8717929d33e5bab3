import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { systemRoutes } from './routes/system.ts';
import { fieldRule } from './patterns.ts';
import { language, socialKey, systemStatus } from './enums.ts';

export const customerServiceEntry = z.object({
  csType: z.string(),
  /** Encrypted at rest in the spec's words; here the URL the button opens. */
  path: z.string(),
  displayName: z.string(),
  /** The name in other languages where the operator gave one (language code → name). */
  names: z.record(z.string(), z.string()).optional(),
});

export const resourceEntry = z.object({
  resourceType: z.string(),
  key: z.string(),
  url: z.string(),
});

export const theme = z.object({
  primary: z.string(),
  primaryContrast: z.string(),
  background: z.string(),
  surface: z.string(),
  surfaceRaised: z.string(),
  text: z.string(),
  textMuted: z.string(),
  accent: z.string(),
  success: z.string(),
  danger: z.string(),
});
export type Theme = z.infer<typeof theme>;

export const whitelabel = z.object({
  merchantCode: z.string(),
  siteName: z.string(),
  logoUrl: z.string(),
  faviconUrl: z.string(),
  platform: z.literal('WEB'),
  lotteryType: z.string(),
  languages: z.array(language),
  defaultLanguage: language,
  currency: z.string(),
  currencySymbol: z.string(),
  /** Number of decimal places of the currency's minor unit. */
  currencyExponent: z.number().int(),
  timezone: z.string(),
  theme: theme,
  appDownload: z.object({ ios: z.string(), android: z.string(), lite: z.string() }),
  mirrorDomains: z.array(z.string()),
  features: z.object({
    vip: z.boolean(),
    referral: z.boolean(),
    mobileRegistration: z.boolean(),
    smsLogin: z.boolean(),
    phoneVerification: z.boolean(),
    googleLogin: z.boolean(),
    facebookLogin: z.boolean(),
    freePlay: z.boolean(),
    dividendContract: z.boolean(),
    realtimeSalaryContract: z.boolean(),
    agentPolicy: z.boolean(),
  }),
});
export type Whitelabel = z.infer<typeof whitelabel>;

export const REGISTER_FIELDS = [
  'username',
  'password',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'paymentPassword',
  'captcha',
  'verificationCode',
] as const;
export const registerField = z.enum(REGISTER_FIELDS);

export const registerFieldSetting = z.object({
  field: registerField,
  /** Shown on the form. */
  enabled: z.boolean(),
  required: z.boolean(),
  rule: fieldRule,
});

export const registerSetting = z.object({
  mobileRegistration: z.boolean(),
  usernameRegistration: z.boolean(),
  smsVerification: z.boolean(),
  captcha: z.boolean(),
  smsExpiredMinutes: z.number().int().positive(),
  fields: z.array(registerFieldSetting),
});
export type RegisterSetting = z.infer<typeof registerSetting>;

export const maintenanceInfo = z.object({
  enabled: z.boolean(),
  /** ISO time the maintenance is planned to end, or null when open-ended. */
  endTime: z.string().nullable(),
  message: z.string(),
});

export const regionRestrictionInfo = z.object({
  restricted: z.boolean(),
  country: z.string().nullable(),
});

export const systemStatusValue = z.object({
  systemStatus: systemStatus,
  customerService: z.array(customerServiceEntry),
  domainRoute: z.object({ host: z.string(), merchantCode: z.string() }),
  resources: z.array(resourceEntry),
  whitelabel: whitelabel,
  register: registerSetting,
  mainDomain: z.string(),
  analytics: z.object({ id: z.string().nullable() }),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  maintenance: maintenanceInfo,
  regionRestriction: regionRestrictionInfo,
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  serverTime: z.string(),
});
export type SystemStatusResponse = z.infer<typeof systemStatusValue>;

/** A cache-busting flag is the only query these calls take; anything else is refused. */
const systemQuery = z.strictObject({ t: z.coerce.number().int().nonnegative().optional() });

export const systemEndpoints = {
  status: defineEndpoint({ ...systemRoutes.status, query: systemQuery, response: systemStatusValue }),
  whitelabel: defineEndpoint({ ...systemRoutes.whitelabel, query: systemQuery, response: whitelabel }),
  registerSetting: defineEndpoint({ ...systemRoutes.registerSetting, query: systemQuery, response: registerSetting }),
};

export const socialResourceKeys = socialKey.options;
