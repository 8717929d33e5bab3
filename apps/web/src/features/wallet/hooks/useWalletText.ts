import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, isAppLanguage, type AppLanguage } from '../../../i18n/index.ts';
import { loadChunk } from '../../../lib/chunks.ts';
import type { WalletText, WalletTextKey } from '../i18n/en.ts';

/**
 * The wallet's texts (member-centre pages, messages, the operator console) are a chunk per
 * language, added to the app's table on first use, so the home page never pays for them.
 */
const tables: Record<AppLanguage, () => Promise<{ default: Partial<WalletText> }>> = {
  en: () => import('../i18n/en.ts'),
  pt: () => import('../i18n/pt.ts'),
  zh: () => import('../i18n/zh.ts'),
  ja: () => import('../i18n/ja.ts'),
  th: () => import('../i18n/th.ts'),
  vi: () => import('../i18n/vi.ts'),
  es: () => import('../i18n/es.ts'),
};
const loaded = new Set<string>();

export const ensureWalletTexts = async (lng: string): Promise<void> => {
  const languages = [...new Set([isAppLanguage(lng) ? lng : 'pt', 'en'] as AppLanguage[])];
  await Promise.all(
    languages.map(async (l) => {
      if (loaded.has(l)) return;
      const table = await loadChunk(tables[l]);
      i18n.addResourceBundle(l, 'translation', table.default, true, false);
      loaded.add(l);
    }),
  );
};

export type WalletT = (key: WalletTextKey, options?: Record<string, unknown>) => string;

/** Typed `t` for wallet texts, and whether the current language's table is in. */
export const useWalletText = (): { t: WalletT; ready: boolean; language: string } => {
  const { t, i18n: instance } = useTranslation();
  const language = instance.language;
  const [readyFor, setReadyFor] = useState<string | null>(() => (loaded.has(language) && loaded.has('en') ? language : null));
  useEffect(() => {
    let live = true;
    const done = () => live && setReadyFor(language);
    void ensureWalletTexts(language).then(done, done);
    return () => {
      live = false;
    };
  }, [language]);
  return { t: t as unknown as WalletT, ready: readyFor === language, language };
};
