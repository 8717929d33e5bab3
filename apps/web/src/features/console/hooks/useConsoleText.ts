import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, isAppLanguage, type AppLanguage } from '../../../i18n/index.ts';
import { loadChunk } from '../../../lib/chunks.ts';
import type { ConsoleText, ConsoleTextKey } from '../i18n/en.ts';

const tables: Record<AppLanguage, () => Promise<{ default: Partial<ConsoleText> }>> = {
  en: () => import('../i18n/en.ts'),
  pt: () => import('../i18n/pt.ts'),
  zh: () => import('../i18n/zh.ts'),
  ja: () => import('../i18n/ja.ts'),
  th: () => import('../i18n/th.ts'),
  vi: () => import('../i18n/vi.ts'),
  es: () => import('../i18n/es.ts'),
};
const loaded = new Set<string>();

const ensure = async (lng: string) => {
  const languages = [...new Set([isAppLanguage(lng) ? lng : 'pt', 'en'] as AppLanguage[])];
  await Promise.all(
    languages.map(async (l) => {
      if (loaded.has(l)) return;
      i18n.addResourceBundle(l, 'translation', (await loadChunk(tables[l])).default, true, false);
      loaded.add(l);
    }),
  );
};

export type ConsoleT = (key: ConsoleTextKey, options?: Record<string, unknown>) => string;

/** The operator console's texts: a chunk per language, loaded when the console opens. */
export const useConsoleText = (): { t: ConsoleT; ready: boolean } => {
  const { t, i18n: instance } = useTranslation();
  const language = instance.language;
  const [readyFor, setReadyFor] = useState<string | null>(() => (loaded.has(language) && loaded.has('en') ? language : null));
  useEffect(() => {
    let live = true;
    const done = () => live && setReadyFor(language);
    void ensure(language).then(done, done);
    return () => {
      live = false;
    };
  }, [language]);
  return { t: t as unknown as ConsoleT, ready: readyFor === language };
};
