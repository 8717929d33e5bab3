import { describe, expect, it } from 'vitest';
import { APP_LANGUAGES, type AppLanguage } from './languages.ts';

/**
 * Every text table of the web app and of the house games, found by path so that a new feature's
 * `i18n/{pt,en,es,zh,ja,th,vi}.ts` is covered the day it lands (decision 060). A table is a folder
 * named `i18n` (or one below it, like the shell's `locales/accounts`) that holds an `en.ts`; English
 * is the reference. Each language must have every English key and no other, with the same
 * {{placeholders}}, and must actually be translated: a text equal to the English one fails unless
 * it is one of the few words that are the same in every language (below).
 */
const modules = {
  ...import.meta.glob<{ default: unknown }>('/apps/web/src/**/i18n/**/*.ts', { eager: true }),
  ...import.meta.glob<{ default: unknown }>('/apps/house-games/src/**/i18n/**/*.ts', { eager: true }),
};

/**
 * Texts that are rightly the same as English. Keep this short: each entry is something no native
 * speaker would translate. Labels made only of placeholders, digits and signs need no entry.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  // Names of brands, apps, operating systems and payment rails.
  'Android',
  'iOS',
  'Google',
  'Facebook',
  'WhatsApp',
  'WeChat',
  'LINE ID',
  'LINE',
  'QQ',
  'iPhone',
  'Fortune Tiger', // a game's name (the brand desk's preview)
  'PIX',
  'USDT',
  // Codes and terms of art shown as such everywhere.
  // Teen Patti's own moves keep their names in every language that plays it (decisions 103, 109).
  'Boot {{amount}}',
  'Chaal {{amount}}',
  'Show {{amount}}',
  'Sideshow {{amount}}',
  'VIP',
  'SMS',
  'Captcha',
  'Nonce', // provably-fair term shown beside the hashes it is computed with
  'Crash', // the house game's name
  'Meron', // cockfight's corners, called so at every pit in every language (decision 092)
  'Wala',
  'SSC', // lottery families known everywhere by these codes
  'PK10',
  'Mark Six', // the Hong Kong lottery's name, and the Pick 3 game's (issue 18)
  'Pick 3',
]);

/** Words spelled the same in English and in that language (loanwords in its dictionary). */
const SPELLED_THE_SAME: Partial<Record<AppLanguage, readonly string[]>> = {
  pt: [
    'Total',
    'Site',
    'E-mail',
    'Ranking',
    'Avatar {{n}}',
    'Slots',
    'Laos',
    'Banners',
    'Link',
    'Links',
    'Popup',
    'Logo',
    'Laser',
  ],
  es: ['Total', 'Ranking', 'Avatar {{n}}', 'Esports', 'Laos', 'No'],
  vi: ['E-mail', 'Malaysia', 'Singapore', 'Malaysia 4D', 'Singapore 4D'],
};

/** Languages that write the international unit symbols for hours, minutes and seconds as English does. */
const SAME_UNIT_SYMBOLS: readonly AppLanguage[] = ['pt', 'es'];

/**
 * The operator console is for staff, who work in PT, EN, ZH or VI (spec, issue 25); its ES, JA
 * and TH tables may follow English, key for key. Nothing else may.
 */
const MAY_FOLLOW_ENGLISH: Record<string, readonly AppLanguage[]> = {
  'features/console/i18n': ['es', 'ja', 'th'],
  'features/console/i18n/site': ['es', 'ja', 'th'],
};

/** Only placeholders, digits and signs (and, where the language writes them so, unit symbols). */
const nothingToTranslate = (text: string, lang: AppLanguage): boolean => {
  let rest = text.replace(/\{\{\w+\}\}/g, '');
  if (SAME_UNIT_SYMBOLS.includes(lang)) rest = rest.replace(/\b(?:h|min|s)\b/g, '');
  return !/\p{L}/u.test(rest);
};
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();

type Table = Record<string, unknown>;

/** Folder of each table (relative to apps/), and its languages. */
const tables = new Map<string, Partial<Record<AppLanguage, Table>>>();
for (const [path, mod] of Object.entries(modules)) {
  const match = /^\/apps\/(web|house-games)\/src\/(.*)\/([a-z]{2})\.ts$/.exec(path);
  if (!match?.[1] || !match[2] || !match[3]) continue;
  const lang = match[3];
  if (!(APP_LANGUAGES as readonly string[]).includes(lang)) continue;
  const folder = match[1] === 'web' ? match[2] : `house-games/${match[2]}`;
  const entry = tables.get(folder) ?? {};
  entry[lang as AppLanguage] = mod.default as Table;
  tables.set(folder, entry);
}

describe('every text table in every language', () => {
  it('finds the tables of the shell, the features and the house games', () => {
    const folders = [...tables.keys()];
    expect(folders).toEqual(expect.arrayContaining(['i18n/locales', 'features/wallet/i18n', 'features/console/i18n']));
    expect(folders.some((f) => f.startsWith('house-games/'))).toBe(true);
  });

  for (const [folder, byLanguage] of tables) {
    describe(folder, () => {
      const en = byLanguage.en;
      it('has an English table and a table for each of the seven languages', () => {
        expect(en, `${folder}/en.ts`).toBeDefined();
        expect(Object.keys(byLanguage).sort()).toEqual([...APP_LANGUAGES].sort());
      });
      if (!en) return;

      for (const lang of APP_LANGUAGES.filter((l) => l !== 'en')) {
        it(`${lang}: every English key, no other, same placeholders, translated`, () => {
          const table = byLanguage[lang] ?? {};
          const followsEnglish = MAY_FOLLOW_ENGLISH[folder]?.includes(lang) ?? false;
          const missing = Object.keys(en).filter((key) => !(key in table));
          const extra = Object.keys(table).filter((key) => !(key in en));
          const problems: string[] = [];
          for (const [key, source] of Object.entries(en)) {
            const text = table[key];
            if (typeof text !== 'string' || typeof source !== 'string') continue;
            if (text.trim() === '') problems.push(`${key}: empty`);
            if (placeholders(text).join() !== placeholders(source).join())
              problems.push(`${key}: placeholders ${placeholders(text).join()} ≠ ${placeholders(source).join()}`);
            if (
              !followsEnglish &&
              text === source &&
              !SAME_IN_EVERY_LANGUAGE.has(text) &&
              !SPELLED_THE_SAME[lang]?.includes(text) &&
              !nothingToTranslate(text, lang)
            )
              problems.push(`${key}: still English (“${source}”)`);
          }
          expect({ missing, extra, problems }).toEqual({ missing: [], extra: [], problems: [] });
        });
      }
    });
  }
});
