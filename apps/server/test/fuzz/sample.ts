import type { z } from 'zod';

/**
 * A valid value for a contract schema, found by walking it (zod 4's definitions) and trying
 * plausible candidates against each field's own schema. The fuzz mutates one field of such a value
 * at a time, so a request that the contract accepts reaches the handler with exactly one odd field.
 * Returns `undefined` when nothing fitting was found (the caller then needs a hand-written base).
 */
type Def = {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  out?: z.ZodType;
  items?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  coerce?: boolean;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

const STRINGS = [
  'abc12345',
  'Abc12345',
  'ABC_01',
  'test',
  'Test name',
  'BRL',
  '1000',
  '100',
  '1',
  '2026-01-01',
  '01-01-2026',
  '2026-01-01T00:00:00.000Z',
  'a@example.com',
  'https://example.com/a.png',
  '+55',
  '55',
  '11987654321',
  '123456',
  'abc',
  'AB',
  'x',
  'PT',
  'EN',
  'pt',
  '00000000-0000-4000-8000-000000000000',
];
const NUMBERS = [1, 0, 10, 100, 1000, 50];

const ok = (s: z.ZodType, v: unknown) => {
  try {
    return s.safeParse(v).success;
  } catch {
    return false;
  }
};

export const sample = (s: z.ZodType, depth = 0): unknown => {
  if (depth > 12) return undefined;
  const v = walk(s, depth);
  if (v !== undefined) return v;
  // Pipes, preprocessing and transforms: whatever plain candidate the whole schema takes.
  return [...STRINGS, ...NUMBERS, true].find((c) => ok(s, c));
};

const walk = (s: z.ZodType, depth: number): unknown => {
  const def = defOf(s);
  const first = (candidates: unknown[]) => candidates.find((c) => ok(s, c));
  switch (def.type) {
    case 'string':
      return first(STRINGS);
    case 'number': {
      const n = s as unknown as { minValue: number | null; maxValue: number | null };
      return first([...NUMBERS, n.minValue, n.maxValue].filter((x) => x !== null && Number.isFinite(x)));
    }
    case 'bigint':
      return first([1n, 0n]);
    case 'boolean':
      return true;
    case 'date':
      return new Date('2026-01-01T00:00:00Z');
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'null':
      return null;
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType!, depth + 1);
    case 'nullable': {
      const v = sample(def.innerType!, depth + 1);
      return v === undefined ? null : v;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, f] of Object.entries(def.shape ?? {})) {
        const optional = ok(f, undefined);
        if (optional) continue;
        const v = sample(f, depth + 1);
        if (v === undefined) return undefined;
        out[k] = v;
      }
      if (ok(s, out)) return out;
      // Cross-field rules (a range, a repeated password): try with the optional fields filled too.
      for (const [k, f] of Object.entries(def.shape ?? {})) {
        if (k in out) continue;
        const v = sample(f, depth + 1);
        if (v !== undefined) out[k] = v;
      }
      return ok(s, out) ? out : undefined;
    }
    case 'array': {
      if (ok(s, [])) return [];
      const v = sample(def.element!, depth + 1);
      return v === undefined ? undefined : first([[v], [v, v]]);
    }
    case 'tuple': {
      const items = (def.items ?? []).map((i) => sample(i, depth + 1));
      return items.includes(undefined) ? undefined : items;
    }
    case 'record':
      return {};
    case 'union': {
      for (const o of def.options ?? []) {
        const v = sample(o, depth + 1);
        if (v !== undefined && ok(s, v)) return v;
      }
      return undefined;
    }
    case 'intersection': {
      const l = sample(def.left!, depth + 1);
      const r = sample(def.right!, depth + 1);
      const v = typeof l === 'object' && typeof r === 'object' ? { ...l, ...r } : l;
      return ok(s, v) ? v : undefined;
    }
    case 'pipe': {
      const v = sample(def.in!, depth + 1);
      return v !== undefined && ok(s, v) ? v : undefined;
    }
    case 'transform':
      return undefined;
    case 'lazy':
      return sample(def.getter!(), depth + 1);
    case 'any':
    case 'unknown':
      return 'x';
    default:
      return undefined;
  }
};

/** The top-level field names of a request schema (an object, or each branch of a union of objects). */
export const topFields = (s: z.ZodType, depth = 0): string[] => {
  if (depth > 6) return [];
  const def = defOf(s);
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape ?? {});
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'catch':
    case 'readonly':
      return topFields(def.innerType!, depth + 1);
    case 'pipe':
      return topFields(def.in!, depth + 1);
    case 'union':
      return [...new Set((def.options ?? []).flatMap((o) => topFields(o, depth + 1)))];
    case 'intersection':
      return [...new Set([...topFields(def.left!, depth + 1), ...topFields(def.right!, depth + 1)])];
    default:
      return [];
  }
};
