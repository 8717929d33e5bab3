import { lang } from '../../lib/i18n.ts';
import en, { type LiveKey } from './i18n/en.ts';
import es from './i18n/es.ts';
import ja from './i18n/ja.ts';
import pt from './i18n/pt.ts';
import th from './i18n/th.ts';
import vi from './i18n/vi.ts';
import zh from './i18n/zh.ts';

/** The live tables' words in the brand's seven languages (tables in ./i18n, checked by decision 060's coverage test). */
export type { LiveKey };
const LIVE_WORDS: Record<string, Record<LiveKey, string>> = { en, pt, es, zh, ja, th, vi };

export const tl = (key: LiveKey, vars: Record<string, string | number> = {}): string =>
  ((LIVE_WORDS[lang] ?? en)[key] ?? en[key]).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
