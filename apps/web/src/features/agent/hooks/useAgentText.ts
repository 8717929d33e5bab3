import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, isAppLanguage, type AppLanguage } from '../../../i18n/index.ts';
import { loadChunk } from '../../../lib/chunks.ts';
import type { AgentText, AgentTextKey } from '../i18n/en.ts';

/**
 * The agent centre's texts are a chunk of their own per language, added to the app's table when
 * the centre opens (and again on a language switch), so the player site's first load never pays
 * for them. `t` is typed by the English table's keys.
 */
const tables: Record<AppLanguage, () => Promise<{ default: AgentText }>> = {
  en: () => import('../i18n/en.ts'),
  pt: () => import('../i18n/pt.ts'),
  zh: () => import('../i18n/zh.ts'),
  ja: () => import('../i18n/ja.ts'),
  th: () => import('../i18n/th.ts'),
  vi: () => import('../i18n/vi.ts'),
  es: () => import('../i18n/es.ts'),
};
const loaded = new Set<string>();

export const ensureAgentTexts = async (lng: string): Promise<void> => {
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

export type AgentT = (key: AgentTextKey, options?: Record<string, unknown>) => string;

/** Typed `t` for agent texts, and whether the current language's table is in. */
export const useAgentText = (): { t: AgentT; ready: boolean; language: string } => {
  const { t, i18n: instance } = useTranslation();
  const language = instance.language;
  const [readyFor, setReadyFor] = useState<string | null>(() => (loaded.has(language) && loaded.has('en') ? language : null));
  useEffect(() => {
    let live = true;
    void ensureAgentTexts(language).then(
      () => live && setReadyFor(language),
      () => live && setReadyFor(language),
    );
    return () => {
      live = false;
    };
  }, [language]);
  return { t: t as unknown as AgentT, ready: readyFor === language, language };
};
