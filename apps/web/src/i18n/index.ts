export {
  default as i18n,
  changeLanguage,
  currentLanguage,
  initI18n,
  loadLanguage,
  storedLanguage,
} from './instance.ts';
export {
  APP_LANGUAGES,
  DEFAULT_LANGUAGE,
  LANGUAGE_NAMES,
  fromContractLanguage,
  isAppLanguage,
  toContractLanguage,
} from './languages.ts';
export type { AppLanguage } from './languages.ts';
export type { TranslationKey } from './locales/en.ts';
