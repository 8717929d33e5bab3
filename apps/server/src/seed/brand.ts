import { IN_APP_CHAT_PATH, ruleOf, type RegisterSetting, type Theme, type Whitelabel } from '@app/contract';
import type { MerchantInsert } from '../features/merchant/data.ts';

/** The demo brand. Operators change all of this through the operator API; nothing here is hard-wired in the UI. */
export const DEMO_THEME: Theme = {
  primary: '#f5b400',
  primaryContrast: '#1a1300',
  background: '#0b1020',
  surface: '#131a2e',
  surfaceRaised: '#1c2540',
  text: '#eef1f8',
  textMuted: '#9aa4bf',
  accent: '#2ee6a6',
  success: '#22c55e',
  danger: '#ef4444',
};

export const DEMO_FEATURES: Whitelabel['features'] = {
  vip: true,
  referral: true,
  mobileRegistration: true,
  smsLogin: true,
  phoneVerification: true,
  googleLogin: false,
  facebookLogin: false,
  freePlay: true,
  dividendContract: true,
  realtimeSalaryContract: true,
  agentPolicy: true,
};

export const DEMO_REGISTER_SETTING: RegisterSetting = {
  mobileRegistration: true,
  usernameRegistration: true,
  smsVerification: true,
  captcha: false,
  smsExpiredMinutes: 5,
  fields: [
    { field: 'username', enabled: true, required: true, rule: ruleOf('LETTER_FIRST_ALNUM', 6, 16) },
    { field: 'password', enabled: true, required: true, rule: ruleOf('LETTERS_AND_DIGITS', 6, 20) },
    { field: 'mobileNum', enabled: true, required: false, rule: ruleOf('DIGITS', 8, 13) },
    { field: 'verificationCode', enabled: true, required: false, rule: ruleOf('DIGITS', 6, 6) },
    { field: 'payeeName', enabled: true, required: false, rule: ruleOf('ENGLISH_SPACES', 2, 50) },
    { field: 'email', enabled: true, required: false, rule: ruleOf('EMAIL', 6, 60) },
    { field: 'affiliateCode', enabled: true, required: false, rule: ruleOf('ALPHANUMERIC', 4, 16) },
    { field: 'paymentPassword', enabled: false, required: false, rule: ruleOf('DIGITS', 6, 6) },
    { field: 'qqNum', enabled: false, required: false, rule: ruleOf('DIGITS', 5, 12) },
    { field: 'line', enabled: false, required: false, rule: ruleOf('NO_SPACES', 2, 30) },
    { field: 'whatsapp', enabled: false, required: false, rule: ruleOf('DIGITS', 8, 15) },
    { field: 'facebook', enabled: false, required: false, rule: ruleOf('NO_SPACES', 2, 50) },
    { field: 'wechat', enabled: false, required: false, rule: ruleOf('NO_SPACES', 2, 30) },
    { field: 'idNumber', enabled: false, required: false, rule: ruleOf('ALPHANUMERIC', 6, 20) },
    { field: 'recommenderId', enabled: false, required: false, rule: ruleOf('ALPHANUMERIC', 4, 16) },
    { field: 'captcha', enabled: false, required: false, rule: ruleOf('ALPHANUMERIC', 4, 4) },
  ],
};

export const demoMerchant = (baseUrl: string): MerchantInsert => ({
  code: 'lotus',
  name: 'Lotus Gaming',
  isDefault: true,
  siteName: 'Lotus88',
  logoUrl: '/brand/logo.svg',
  faviconUrl: '/brand/favicon.svg',
  platform: 'WEB',
  lotteryType: 'Lott',
  languages: ['PT', 'EN'],
  defaultLanguage: 'PT',
  currency: 'BRL',
  currencySymbol: 'R$',
  currencyExponent: 2,
  timezone: 'America/Sao_Paulo',
  /** The winners board shows wins from R$ 5,00 (the console's Site desk changes it). */
  winnersMinAmount: 500n,
  theme: DEMO_THEME,
  appDownload: {
    ios: `${baseUrl}/download/ios`,
    android: `${baseUrl}/download/android`,
    lite: `${baseUrl}/download/lite`,
  },
  features: DEMO_FEATURES,
  registerSetting: DEMO_REGISTER_SETTING,
  mainDomain: new URL(baseUrl).host,
  analyticsId: null,
  imageCdns: [`${baseUrl}/cdn`],
  launchGameCdns: [`${baseUrl}`],
});

/** LIVE_CHAT opens the in-app chat room (IN_APP_CHAT_PATH, decision 057); the others open outside. */
export const DEMO_CUSTOMER_SERVICE = [
  { csType: 'LIVE_CHAT', displayName: 'Live chat 24/7', path: IN_APP_CHAT_PATH },
  { csType: 'TELEGRAM', displayName: 'Telegram', path: 'https://t.me/lotus88_support' },
  { csType: 'WHATSAPP', displayName: 'WhatsApp', path: 'https://wa.me/5511999990000' },
];

export const DEMO_SOCIAL = [
  ['FACEBOOK', 'https://facebook.com/lotus88'],
  ['WHATSAPP', 'https://wa.me/5511999990000'],
  ['YOUTUBE', 'https://youtube.com/@lotus88'],
  ['TIKTOK', 'https://tiktok.com/@lotus88'],
  ['INSTAGRAM', 'https://instagram.com/lotus88'],
  ['TWITTER', 'https://twitter.com/lotus88'],
  ['Telegram', 'https://t.me/lotus88'],
] as const;

export const DEMO_MIRRORS = ['lotus88-a.example', 'lotus88-b.example', 'lotus88-c.example'];
