import { describe, expect, it } from 'vitest';
import en from './en.ts';
import es from './es.ts';
import ja from './ja.ts';
import pt from './pt.ts';
import th from './th.ts';
import vi from './vi.ts';
import zh from './zh.ts';

const tables = { pt, es, ja, th, vi, zh } as const;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translation tables', () => {
  for (const [lang, table] of Object.entries(tables)) {
    it(`${lang} has every English key, none empty, with the same {{placeholders}}`, () => {
      const missing = Object.keys(en).filter((key) => !(key in table));
      expect(missing).toEqual([]);
      for (const [key, text] of Object.entries(en)) {
        const translated = (table as Record<string, string>)[key] ?? '';
        expect(translated.trim(), `${lang}.${key}`).not.toBe('');
        expect(placeholders(translated), `${lang}.${key}`).toEqual(placeholders(text));
      }
    });
  }

  it('keeps the spec’s English messages (§8)', () => {
    expect(en.network_abnormal).toBe('Network link is abnormal, please try again');
    expect(en.not_logged_in).toBe('You are not logged in, please login');
    expect(en.page_load_slow).toBe('The page took longer time to load, please check your network connectivity');
  });
});
