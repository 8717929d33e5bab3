import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode } from '@app/contract';
import { describe, expect, it } from 'vitest';

/**
 * Every code the server can answer with is in the contract's ErrorCode table, so that clients (the
 * web app, the agent app, partners) have one list to translate and branch on. The server's sources
 * are read as text: a code is a SCREAMING_SNAKE string literal given as the `code` of an error —
 * `new AppError('X', …)`, any helper whose parameter named `code` receives it (`conflict('X', …)`,
 * `badRequest`, `fail(reply, 409, 'X', …)`, a desk's own `fieldError(field, message, 'X')`), a
 * `code = …` assignment or a `code: 'X'` property.
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));
const CODE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const LITERAL = /'([^'\\\n]*)'|"([^"\\\n]*)"/g;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'seed' || e.name === 'node_modules' ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });

/** The text from `open` (just after a bracket) to its matching close, split at top-level commas. */
const splitArgs = (text: string, open: number): string[] => {
  const args: string[] = [];
  let depth = 0;
  let start = open;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) {
        args.push(text.slice(start, i));
        return args;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return args;
};

const codesIn = (expression: string) =>
  [...expression.matchAll(LITERAL)].map((m) => m[1] ?? m[2] ?? '').filter((s) => CODE.test(s));

/** Functions with a parameter named `code`, by name: the argument positions that carry it. */
const codeParameters = (files: Map<string, string>) => {
  const found = new Map<string, Set<number>>([['AppError', new Set([0])]]);
  const definition =
    /(?:function\s+(\w+)\s*(?:<[^>]*>)?\s*\(|(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?(?:<[^>]*>)?\s*\()/g;
  for (const text of files.values()) {
    for (const m of text.matchAll(definition)) {
      const name = (m[1] ?? m[2])!;
      const params = splitArgs(text, m.index + m[0].length);
      params.forEach((p, i) => {
        if (/^\s*(?:readonly\s+)?code\b/.test(p)) {
          found.set(name, (found.get(name) ?? new Set()).add(i));
        }
      });
    }
  }
  return found;
};

const thrownCodes = () => {
  const files = new Map(sources(SRC).map((f) => [relative(SRC, f), readFileSync(f, 'utf8')]));
  const helpers = codeParameters(files);
  const codes = new Map<string, string>();
  const add = (list: string[], file: string) => list.forEach((c) => codes.has(c) || codes.set(c, file));
  const call = new RegExp(`(?<![\\w.])(${[...helpers.keys()].join('|')})\\s*\\(`, 'g');
  for (const [file, text] of files) {
    for (const m of text.matchAll(call)) {
      const before = text.slice(Math.max(0, m.index - 20), m.index);
      if (/(?:function|const|let)\s+$/.test(before)) continue;
      const args = splitArgs(text, m.index + m[0].length);
      for (const i of helpers.get(m[1]!)!) if (args[i] !== undefined) add(codesIn(args[i]), file);
    }
    // `const code = cond ? 'A' : 'B';` and `{ code: 'X' }`
    for (const m of text.matchAll(/\bcode\s*=(?![=>])([^;]*);/g)) add(codesIn(m[1]!), file);
    for (const m of text.matchAll(/\bcode\s*:\s*('[^']*'|"[^"]*")/g)) add(codesIn(m[1]!), file);
  }
  return codes;
};

describe('the contract ErrorCode table', () => {
  const codes = thrownCodes();

  it('reads the server: the codes of its features are found', () => {
    // The scan itself can fail: these are thrown by a plain call, a helper, a helper with the code
    // third, a `code =` ternary, a `fail(reply, …)` and a transition result.
    for (const known of [
      'MISSION_CLAIMED',
      'INSUFFICIENT_FUNDS',
      'RED_ENVELOPE_EXPIRED',
      'NOT_AGENT_UPLINE',
      'PLAYER_RESTRICTED',
      'ADDRESS_NOT_ALLOWED',
      'CONTRACT_WRONG_PARTY',
      'UNSUPPORTED_MEDIA_TYPE',
    ])
      expect(codes.has(known), known).toBe(true);
    expect(codes.size).toBeGreaterThan(150);
  });

  it('lists every code the server answers with', () => {
    const missing = [...codes].filter(([code]) => !(code in ErrorCode)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('names each code by itself', () => {
    for (const [key, value] of Object.entries(ErrorCode)) expect(value).toBe(key);
  });
});
