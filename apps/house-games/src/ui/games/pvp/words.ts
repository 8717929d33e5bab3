import { lang } from '../../lib/i18n.ts';
import en, { type PvpKey } from './i18n/en.ts';
import es from './i18n/es.ts';
import ja from './i18n/ja.ts';
import pt from './i18n/pt.ts';
import th from './i18n/th.ts';
import vi from './i18n/vi.ts';
import zh from './i18n/zh.ts';

/** The PvP rooms' words in the brand's seven languages (tables in ./i18n, each complete by type). */
export type { PvpKey };
const PVP_WORDS: Record<string, Record<PvpKey, string>> = { en, pt, es, zh, ja, th, vi };

export const tp = (key: PvpKey, vars: Record<string, string | number> = {}): string =>
  ((PVP_WORDS[lang] ?? en)[key] ?? en[key]).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

/** A Niu Niu category as words: 0 no bull, 1..9 bull n, 10 bull-bull, 11 bomb, 12 five small. */
export const categoryName = (c: number): string =>
  c === 0
    ? tp('noBull')
    : c <= 9
      ? tp('bullN', { n: c })
      : c === 10
        ? tp('bullBull')
        : c === 11
          ? tp('bomb')
          : tp('fiveSmall');

/** A Teen Patti category as words: 0 high card … 5 trail. */
export const teenCategoryName = (c: number): string =>
  tp((['highCard', 'pair', 'colour', 'sequence', 'pureSequence', 'trail'] as const)[c] ?? 'highCard');
