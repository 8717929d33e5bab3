import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../lib/chunks.ts';
import { i18n, isAppLanguage, type AppLanguage } from './index.ts';

export type TextTables = Record<AppLanguage, () => Promise<{ default: object }>>;
export type TypedT<K extends string> = (key: K, options?: Record<string, unknown>) => string;

/**
 * A feature's texts kept as a chunk of their own per language and added to the app's table on
 * first use (and again on a language switch), so the home page's first load never pays for them.
 * English is always loaded beside the current language as the fallback. `t` is typed by the
 * feature's English keys.
 */
export const createLazyTexts = <K extends string>(tables: TextTables) => {
  const loaded = new Set<string>();

  const ensure = async (lng: string): Promise<void> => {
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

  /** Typed `t`, and whether the current language's table is in. */
  const useTexts = (): { t: TypedT<K>; ready: boolean; language: string } => {
    const { t, i18n: instance } = useTranslation();
    const language = instance.language;
    const [readyFor, setReadyFor] = useState<string | null>(() =>
      loaded.has(language) && loaded.has('en') ? language : null,
    );
    useEffect(() => {
      let live = true;
      const done = () => live && setReadyFor(language);
      void ensure(language).then(done, done);
      return () => {
        live = false;
      };
    }, [language]);
    return { t: t as unknown as TypedT<K>, ready: readyFor === language, language };
  };

  return { ensure, useTexts };
};
