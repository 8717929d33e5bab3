import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadChunk } from '../lib/chunks.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';
import type { TranslationTable } from './locales/en.ts';
import pt from './locales/pt.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isAppLanguage, type AppLanguage } from './languages.ts';

type LazyLanguage = Exclude<AppLanguage, 'pt'>;

/**
 * PT (the demo brand's default) ships with the first page; every other table, English included, is
 * a chunk of its own. PT is complete (the coverage test holds every table to English's keys), so
 * the English fallback is not needed before English itself is chosen.
 */
const lazyTables: Record<LazyLanguage, () => Promise<{ default: Partial<TranslationTable> }>> = {
  en: () => import('./locales/en.ts'),
  zh: () => import('./locales/zh.ts'),
  ja: () => import('./locales/ja.ts'),
  th: () => import('./locales/th.ts'),
  vi: () => import('./locales/vi.ts'),
  es: () => import('./locales/es.ts'),
};

const i18n = i18next.createInstance();

const syncDocumentLanguage = (lng: string): void => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};

/**
 * Main tables in. Not `hasResourceBundle`: a feature's lazy texts (lazyTexts.ts) add English
 * keys of their own before the main English table may have loaded.
 */
const loadedTables = new Set<AppLanguage>(['pt']);

const ensureTable = async (lng: AppLanguage): Promise<void> => {
  if (loadedTables.has(lng)) return;
  const table = await loadChunk(lazyTables[lng as LazyLanguage]);
  i18n.addResourceBundle(lng, 'translation', table.default, true, true);
  loadedTables.add(lng);
};

/** Loads a language's main table without switching to it (a preview in another language). */
export const loadLanguage = ensureTable;

/** The language the visitor picked before, if any. */
export const storedLanguage = (): AppLanguage | null => {
  const value = readStorage('local', LANGUAGE_STORAGE_KEY);
  return isAppLanguage(value) ? value : null;
};

export const currentLanguage = (): AppLanguage => (isAppLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/**
 * Switches the interface language, loading its table first. `remember` stores the choice; the
 * brand default applied at boot is not a choice and is not stored.
 */
export const changeLanguage = async (lng: AppLanguage, remember = true): Promise<void> => {
  await ensureTable(lng);
  if (remember) writeStorage('local', LANGUAGE_STORAGE_KEY, lng);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
};

let initialised: Promise<void> | null = null;

/** Starts i18next with the stored language (or PT). Safe to call more than once. */
export const initI18n = (): Promise<void> => {
  initialised ??= (async () => {
    const initial = storedLanguage() ?? DEFAULT_LANGUAGE;
    i18n.on('languageChanged', syncDocumentLanguage);
    await i18n.use(initReactI18next).init({
      resources: { pt: { translation: pt } },
      partialBundledLanguages: true,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: 'en',
      supportedLngs: ['pt', 'en', 'zh', 'ja', 'th', 'vi', 'es'],
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      // No promotional console line in players' browsers.
      showSupportNotice: false,
    });
    syncDocumentLanguage(i18n.language);
    if (initial !== DEFAULT_LANGUAGE) {
      // A broken chunk must not keep the lobby from starting; PT stays on.
      await changeLanguage(initial, false).catch(() => undefined);
    }
  })();
  return initialised;
};

export default i18n;
