import type { Language } from '@app/contract';

/** Interface languages with translation tables. PT is the brand default (spec §1, §9). */
export const APP_LANGUAGES = ['pt', 'en', 'zh', 'ja', 'th', 'vi', 'es'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: AppLanguage = 'pt';
export const LANGUAGE_STORAGE_KEY = 'lang';

/** Each language is listed in its own name, whatever the current language is. */
export const LANGUAGE_NAMES: Record<AppLanguage, string> = {
  pt: 'Português',
  en: 'English',
  zh: '中文',
  ja: '日本語',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  es: 'Español',
};

export const isAppLanguage = (value: unknown): value is AppLanguage =>
  typeof value === 'string' && (APP_LANGUAGES as readonly string[]).includes(value);

/** The contract spells languages in capitals (PT, EN); i18next and <html lang> use lower case. */
export const fromContractLanguage = (value: Language): AppLanguage => value.toLowerCase() as AppLanguage;
export const toContractLanguage = (value: AppLanguage): Language => value.toUpperCase() as Language;
