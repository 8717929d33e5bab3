import { describe, expect, it } from 'vitest';
import {
  PATTERN_FAMILIES,
  PATTERN_IDS,
  PATTERN_MESSAGES_EN,
  checkFieldRule,
  compilePattern,
  parseFamilyDate,
  ruleMessageEn,
  ruleOf,
  type PatternId,
} from './patterns.ts';

/** For each family of spec §5: values it must accept and values it must refuse (lengths within 1-30). */
const CASES: Record<PatternId, { ok: string[]; bad: string[] }> = {
  ANY: { ok: ['a b!', '中文', '  '], bad: [] },
  LETTER_FIRST_ALNUM: { ok: ['abc123', 'Z9', 'player'], bad: ['1abc', '_abc', 'ab c', 'ab-c'] },
  CHINESE_DIGITS: { ok: ['张三123', '中文', '2024'], bad: ['abc', '张 三', '张三!'] },
  EMAIL: { ok: ['a.b+c@ex-ample.com', 'x@y.io'], bad: ['a@b', 'ab.com', 'a b@c.com', '@c.com'] },
  ALPHANUMERIC: { ok: ['abc', '123', 'a1B2'], bad: ['a_b', 'a b', 'ção'] },
  LETTERS_AND_DIGITS: { ok: ['abc123', '1a'], bad: ['abcdef', '123456', 'abc 123', 'abc123!'] },
  DIGITS: { ok: ['0', '123456'], bad: ['12a', '1 2', '-1'] },
  ALNUM_WITH_UPPER: { ok: ['Abc123', 'ABC'], bad: ['abc123', 'Abc-123'] },
  ENGLISH_SPACES: { ok: ['John Smith', 'A'], bad: ['John1', 'José', 'a_b'] },
  NO_SPACES: { ok: ['a!b@c', 'line.id'], bad: ['a b', 'a\tb'] },
  CHINESE_PUNCT: { ok: ['张三，你好。', '王·五'], bad: ['abc', '张3'] },
  DATE: { ok: ['2000-02-29', '12-31-1999'], bad: ['2001-02-29', '1999-13-01', '31-12-1999', '2000/01/01', '2000-1-1'] },
  KOREAN: { ok: ['홍길동', '한국어'], bad: ['hong', '홍 길동', '홍1'] },
  THAI: { ok: ['สมชาย', 'ภาษาไทย'], bad: ['somchai', 'สม ชาย'] },
  THAI_ENGLISH_SPACES: { ok: ['สมชาย Jaidee', 'John'], bad: ['สมชาย1', 'a_b'] },
  UPPER_SPACES: { ok: ['JOHN SMITH'], bad: ['John Smith', 'JOHN1'] },
  LETTERS_DIGITS_SYMBOLS: { ok: ['Abc123!@#', 'a-b_c.d~'], bad: ['a b', 'ação', '中文'] },
};

describe('pattern families (spec §5)', () => {
  it('covers every family', () => {
    expect(Object.keys(CASES).sort()).toEqual([...PATTERN_IDS].sort());
    for (const id of PATTERN_IDS) expect(PATTERN_MESSAGES_EN[id]).toBeTruthy();
  });

  it.each(PATTERN_IDS)('%s accepts and refuses the right values', (id) => {
    const rule = ruleOf(id, 1, 30);
    for (const v of CASES[id].ok)
      expect(checkFieldRule(rule, v), `${id} should accept ${JSON.stringify(v)}`).toBeNull();
    for (const v of CASES[id].bad)
      expect(checkFieldRule(rule, v), `${id} should refuse ${JSON.stringify(v)}`).not.toBeNull();
  });

  it('enforces min and max length, counting characters rather than UTF-16 units', () => {
    const rule = ruleOf('CHINESE_DIGITS', 2, 3);
    expect(checkFieldRule(rule, '中')).toEqual({ key: 'pattern_CHINESE_DIGITS', min: 2, max: 3 });
    expect(checkFieldRule(rule, '中文字')).toBeNull();
    expect(checkFieldRule(rule, '中文字四')).not.toBeNull();
    expect(checkFieldRule(ruleOf('ANY', 2, 2), '😀😀')).toBeNull();
  });

  it("treats a lone '*' as any characters and anchors other patterns", () => {
    expect(compilePattern('*').test('anything at all')).toBe(true);
    expect(ruleOf('ANY', 1, 2).acceptedPattern).toBe('*');
    expect(compilePattern('[a-z]+').test('abc1')).toBe(false);
    expect(compilePattern(PATTERN_FAMILIES.DIGITS).test('12')).toBe(true);
  });

  it('substitutes min and max in the message', () => {
    const v = checkFieldRule(ruleOf('LETTERS_AND_DIGITS', 6, 20), 'abc');
    expect(ruleMessageEn(v!)).toBe('Please enter 6-20 characters combining letters and digits');
  });

  it('reads family dates as real calendar dates', () => {
    expect(parseFamilyDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseFamilyDate('02-29-2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseFamilyDate('2023-02-29')).toBeNull();
  });
});
