import { z } from 'zod';

/**
 * Validation pattern families of spec §5. The server publishes, per registration field, an
 * `acceptedPattern` (a regular expression, where a lone '*' means "anything"), min and max
 * lengths and a `patternId` whose translation is the message shown (with {{min}} and {{max}}).
 * Client and server both validate with `checkFieldRule`, so a form can never be more lenient
 * than the server.
 */
export const PATTERN_FAMILIES = {
  ANY: '.*',
  LETTER_FIRST_ALNUM: '^[A-Za-z][A-Za-z0-9]*$',
  CHINESE_DIGITS: '^[\\u4e00-\\u9fa50-9]+$',
  EMAIL: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$',
  ALPHANUMERIC: '^[A-Za-z0-9]+$',
  LETTERS_AND_DIGITS: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
  DIGITS: '^[0-9]+$',
  ALNUM_WITH_UPPER: '^(?=.*[A-Z])[A-Za-z0-9]+$',
  ENGLISH_SPACES: '^[A-Za-z ]+$',
  NO_SPACES: '^\\S+$',
  CHINESE_PUNCT: '^[\\u4e00-\\u9fa5\\u3000-\\u303f\\uff00-\\uffef·]+$',
  DATE: '^(\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])|(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])-\\d{4})$',
  KOREAN: '^[\\uac00-\\ud7a3\\u1100-\\u11ff\\u3130-\\u318f]+$',
  THAI: '^[\\u0e00-\\u0e7f]+$',
  THAI_ENGLISH_SPACES: '^[\\u0e00-\\u0e7fA-Za-z ]+$',
  UPPER_SPACES: '^[A-Z ]+$',
  LETTERS_DIGITS_SYMBOLS: '^[A-Za-z0-9!-/:-@\\[-`{-~]+$',
} as const;

export type PatternId = keyof typeof PATTERN_FAMILIES;
export const PATTERN_IDS = Object.keys(PATTERN_FAMILIES) as PatternId[];
export const patternId = z.enum(PATTERN_IDS as [PatternId, ...PatternId[]]);

export const fieldRule = z.object({
  acceptedPattern: z.string(),
  minLength: z.number().int().nonnegative(),
  maxLength: z.number().int().positive(),
  patternId: patternId,
});
export type FieldRule = z.infer<typeof fieldRule>;

/** Builds a rule for a family with its length bounds. */
export const ruleOf = (id: PatternId, minLength: number, maxLength: number): FieldRule => ({
  acceptedPattern: id === 'ANY' ? '*' : PATTERN_FAMILIES[id],
  minLength,
  maxLength,
  patternId: id,
});

/** '*' stands for "any characters"; everything else is a regular expression. */
export const compilePattern = (acceptedPattern: string): RegExp => {
  const source = acceptedPattern === '*' ? '.*' : acceptedPattern;
  const anchored = source.startsWith('^') ? source : `^(?:${source})$`;
  return new RegExp(anchored, 'u');
};

export interface RuleViolation {
  /** Translation key of the message: `pattern_<patternId>`. */
  key: string;
  min: number;
  max: number;
}

/**
 * Reads a date of the DATE family (yyyy-MM-dd or MM-dd-yyyy) as a calendar date, or null when it
 * is not one (2025-02-30 has the right shape but is no date).
 */
export const parseFamilyDate = (value: string): { year: number; month: number; day: number } | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) ?? null;
  const us = m ? null : /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!m && !us) return null;
  const [year, month, day] = m ? [m[1], m[2], m[3]].map(Number) : [us![3], us![1], us![2]].map(Number);
  const d = new Date(Date.UTC(year!, month! - 1, day!));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month! - 1 || d.getUTCDate() !== day) return null;
  return { year: year!, month: month!, day: day! };
};

const patternCache = new Map<string, RegExp>();
const compiled = (acceptedPattern: string): RegExp => {
  let re = patternCache.get(acceptedPattern);
  if (!re) {
    re = compilePattern(acceptedPattern);
    patternCache.set(acceptedPattern, re);
  }
  return re;
};

/** Returns null when the value passes, otherwise what to tell the user. */
export const checkFieldRule = (rule: FieldRule, value: string): RuleViolation | null => {
  const length = [...value].length;
  const fails =
    length < rule.minLength ||
    length > rule.maxLength ||
    !compiled(rule.acceptedPattern).test(value) ||
    (rule.patternId === 'DATE' && !parseFamilyDate(value));
  return fails ? { key: `pattern_${rule.patternId}`, min: rule.minLength, max: rule.maxLength } : null;
};

/** English message for a violation; the web app translates the key instead. */
export const PATTERN_MESSAGES_EN: Record<PatternId, string> = {
  ANY: 'Please enter {{min}}-{{max}} characters',
  LETTER_FIRST_ALNUM: 'Please enter {{min}}-{{max}} letters or digits, starting with a letter',
  CHINESE_DIGITS: 'Please enter {{min}}-{{max}} Chinese characters or digits',
  EMAIL: 'E-mail format is incorrect',
  ALPHANUMERIC: 'Please enter {{min}}-{{max}} letters or digits',
  LETTERS_AND_DIGITS: 'Please enter {{min}}-{{max}} characters combining letters and digits',
  DIGITS: 'Please enter {{min}}-{{max}} digits',
  ALNUM_WITH_UPPER: 'Please enter {{min}}-{{max}} letters or digits with at least one uppercase letter',
  ENGLISH_SPACES: 'Please enter {{min}}-{{max}} English letters or spaces',
  NO_SPACES: 'Please enter {{min}}-{{max}} characters without spaces',
  CHINESE_PUNCT: 'Please enter {{min}}-{{max}} Chinese characters',
  DATE: 'Please enter a date as yyyy-MM-dd or MM-dd-yyyy',
  KOREAN: 'Please enter {{min}}-{{max}} Korean characters',
  THAI: 'Please enter {{min}}-{{max}} Thai characters',
  THAI_ENGLISH_SPACES: 'Please enter {{min}}-{{max}} Thai or English letters or spaces',
  UPPER_SPACES: 'Please enter {{min}}-{{max}} uppercase letters or spaces',
  LETTERS_DIGITS_SYMBOLS: 'Please enter {{min}}-{{max}} letters, digits or symbols',
};

export const formatRuleMessage = (v: RuleViolation, template: string): string =>
  template.replaceAll('{{min}}', String(v.min)).replaceAll('{{max}}', String(v.max));

/** The English message of a violation (what the server puts in `fields`). */
export const ruleMessageEn = (v: RuleViolation): string =>
  formatRuleMessage(v, PATTERN_MESSAGES_EN[v.key.replace(/^pattern_/, '') as PatternId] ?? 'Invalid format');
