import en, { type GameKey, type GameText } from './i18n/en.ts';
import es from './i18n/es.ts';
import ja from './i18n/ja.ts';
import pt from './i18n/pt.ts';
import th from './i18n/th.ts';
import vi from './i18n/vi.ts';
import zh from './i18n/zh.ts';

/**
 * The games' words in the brand's seven languages (tables in ./i18n, complete: the coverage test of
 * decision 060 checks every key). Portuguese is the default; an unknown language gets English.
 */
export type Key = GameKey;

const dictionaries: Record<string, GameText> = { pt, en, es, zh, ja, th, vi };
let current: GameText = pt;
export let lang = 'pt';

export const setLanguage = (l: string | null | undefined) => {
  const code = (l ?? 'pt').slice(0, 2).toLowerCase();
  lang = dictionaries[code] ? code : 'en';
  current = dictionaries[lang] ?? en;
  document.documentElement.lang = lang;
};

/** A key missing at run time (impossible while the test passes) still shows the English text. */
export const t = (key: Key, vars: Record<string, string | number> = {}): string =>
  (current[key] ?? en[key]).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
