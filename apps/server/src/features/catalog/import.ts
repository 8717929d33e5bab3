import { LANGUAGES, classifyKey, gameCodeSchema, gameType, vassalageCode } from '@app/contract';
import { z } from 'zod';

/**
 * Catalogue files (JSON or CSV) and their row-by-row validation. A bad row is reported with its
 * row number and reasons and left out; every good row is applied.
 *
 * JSON: { vendors: [...], categories: [...], games: [...] }.
 * CSV: a header row, then one row per record with a `record` column of `vendor` or `game`;
 * lists (gameTypes, classify) are separated by '|', names go in name_PT, name_EN, … columns.
 */

const flag = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'TRUE', 'FALSE'])
    .transform((v) => ['true', '1', 'yes', 'TRUE'].includes(v)),
]);
const optionalUrl = z.string().trim().max(500).optional();
const names = (max: number) =>
  z
    .partialRecord(z.enum(LANGUAGES), z.string().trim().min(1, 'empty name').max(max))
    .refine((v) => Object.values(v).some(Boolean), 'a name in at least one language is required');
const intIn = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const vendorRow = z.strictObject({
  vassalage: vassalageCode,
  displayName: z.string().trim().min(1).max(60),
  gameTypes: z.array(gameType).min(1, 'at least one gameType'),
  iconUrl: optionalUrl,
  lagerIcon: optionalUrl,
  cards: optionalUrl,
  enabled: flag.optional(),
});
export type VendorRowInput = z.output<typeof vendorRow>;

export const gameRow = z.strictObject({
  vassalage: vassalageCode,
  gameCode: gameCodeSchema,
  gameType: gameType,
  nodeName: z.string().trim().min(1).max(120).optional(),
  names: names(120),
  isGame: z.enum(['GAME', 'VASSALAGE']).optional(),
  showIcon: flag.optional(),
  iconUrl: optionalUrl,
  isHot: flag.optional(),
  isNew: flag.optional(),
  supportPlay: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .optional(),
  /** Minor units, as digits. */
  minBet: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{1,15}$/, 'minBet: minor units as digits'),
      z.number().int().nonnegative(),
    ])
    .optional(),
  lines: intIn(1, 10_000).optional(),
  classify: z.array(classifyKey).max(20).optional(),
  sort: intIn(-1_000_000, 1_000_000).optional(),
  enabled: flag.optional(),
});
export type GameRowInput = z.output<typeof gameRow>;

export const categoryRow = z.strictObject({
  gameType: gameType,
  title: names(60),
  cards: optionalUrl,
  sort: intIn(-1000, 1000).optional(),
  enabled: flag.optional(),
  classify: z
    .array(
      z.strictObject({
        key: classifyKey.refine((k) => !['ALL', 'NEW', 'HOT'].includes(k), 'ALL, NEW and HOT are built in'),
        names: names(40),
        rule: z.enum(['TAG', 'MIN_BET', 'MIN_LINES']).default('TAG'),
        threshold: z.union([z.string().regex(/^\d{1,15}$/), z.number().int().nonnegative()]).optional(),
        sort: intIn(-1000, 1000).optional(),
      }),
    )
    .max(30)
    .optional(),
});
export type CategoryRowInput = z.output<typeof categoryRow>;

export interface Rejected {
  /** 1-based: the JSON array position, or the CSV line number. */
  row: number;
  record: 'vendor' | 'game' | 'category';
  key: string;
  errors: string[];
}

export interface RawCatalogue {
  vendors: { row: number; value: unknown }[];
  categories: { row: number; value: unknown }[];
  games: { row: number; value: unknown }[];
  /** Rows the file format itself could not place (a CSV record that is neither vendor nor game). */
  unplaced?: Rejected[];
}

export interface ValidCatalogue {
  vendors: VendorRowInput[];
  categories: CategoryRowInput[];
  games: GameRowInput[];
  rejected: Rejected[];
}

const messages = (e: z.ZodError) =>
  e.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
/** A row's identifying fields for the rejection report; anything but a plain value reads '?'. */
const keyOf = (v: unknown, fields: string[]) => {
  if (!v || typeof v !== 'object') return '?';
  const part = (x: unknown) =>
    typeof x === 'string' || typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean' ? String(x) : '?';
  return fields.map((f) => part((v as Record<string, unknown>)[f])).join('/');
};

/**
 * Validates every row. `known` lists the game types each vendor already serves in the database;
 * a game must belong to a vendor (from the file or the database) that serves its game type.
 */
export const validateCatalogue = (raw: RawCatalogue, known: Map<string, Set<string>>): ValidCatalogue => {
  const rejected: Rejected[] = [...(raw.unplaced ?? [])];
  const lanes = new Map([...known].map(([k, v]) => [k, new Set(v)]));
  const vendors: VendorRowInput[] = [];
  const seenVendors = new Set<string>();
  for (const { row, value } of raw.vendors) {
    const r = vendorRow.safeParse(value);
    if (!r.success) {
      rejected.push({ row, record: 'vendor', key: keyOf(value, ['vassalage']), errors: messages(r.error) });
      continue;
    }
    if (seenVendors.has(r.data.vassalage)) {
      rejected.push({ row, record: 'vendor', key: r.data.vassalage, errors: ['duplicate vendor in this file'] });
      continue;
    }
    seenVendors.add(r.data.vassalage);
    vendors.push(r.data);
    lanes.set(r.data.vassalage, new Set([...(lanes.get(r.data.vassalage) ?? []), ...r.data.gameTypes]));
  }
  const categories: CategoryRowInput[] = [];
  for (const { row, value } of raw.categories) {
    const r = categoryRow.safeParse(value);
    if (!r.success)
      rejected.push({ row, record: 'category', key: keyOf(value, ['gameType']), errors: messages(r.error) });
    else categories.push(r.data);
  }
  const games: GameRowInput[] = [];
  const seenGames = new Set<string>();
  for (const { row, value } of raw.games) {
    const r = gameRow.safeParse(value);
    if (!r.success) {
      rejected.push({ row, record: 'game', key: keyOf(value, ['vassalage', 'gameCode']), errors: messages(r.error) });
      continue;
    }
    const g = r.data;
    const key = `${g.vassalage}/${g.gameCode}`;
    const types = lanes.get(g.vassalage);
    const errors: string[] = [];
    if (!types) errors.push(`unknown vendor ${g.vassalage}: add it to the vendors`);
    else if (!types.has(g.gameType))
      errors.push(`vendor ${g.vassalage} does not serve ${g.gameType}: add it to its gameTypes`);
    if (seenGames.has(key)) errors.push('duplicate game in this file');
    if (errors.length) {
      rejected.push({ row, record: 'game', key, errors });
      continue;
    }
    seenGames.add(key);
    games.push(g);
  }
  return { vendors, categories, games, rejected };
};

/* ------------------------------------------------------------------ file formats */

export const fromJson = (text: string): RawCatalogue => {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new Error(`Not valid JSON: ${(e as Error).message}`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new Error('Expected an object with vendors, categories and games');
  const d = doc as Record<string, unknown>;
  const unknownKeys = Object.keys(d).filter((k) => !['vendors', 'categories', 'games'].includes(k));
  if (unknownKeys.length) throw new Error(`Unknown top-level field(s): ${unknownKeys.join(', ')}`);
  const list = (k: string) => {
    const v = d[k] ?? [];
    if (!Array.isArray(v)) throw new Error(`${k} must be an array`);
    return v.map((value, i) => ({ row: i + 1, value }));
  };
  return { vendors: list('vendors'), categories: list('categories'), games: list('games') };
};

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export const parseCsv = (text: string): { line: number; cells: string[] }[] => {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.some((x) => x !== '')) rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      rowLine = ++line;
    } else cell += c;
  }
  if (quoted) throw new Error(`Unclosed quote in the row starting on line ${rowLine}`);
  cells.push(cell);
  if (cells.some((x) => x !== '')) rows.push({ line: rowLine, cells });
  return rows;
};

const LIST_FIELDS = new Set(['gameTypes', 'classify']);

export const fromCsv = (text: string): RawCatalogue => {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('The CSV file is empty');
  const cols = header.cells.map((c) => c.trim());
  if (!cols.includes('record')) throw new Error('The CSV header needs a "record" column (vendor or game)');
  const out: RawCatalogue = { vendors: [], categories: [], games: [], unplaced: [] };
  for (const { line, cells } of rows) {
    const obj: Record<string, unknown> = {};
    const nameMap: Record<string, string> = {};
    cols.forEach((col, i) => {
      const v = (cells[i] ?? '').trim();
      if (v === '' || col === 'record') return;
      if (col.startsWith('name_')) nameMap[col.slice(5).toUpperCase()] = v;
      else
        obj[col] = LIST_FIELDS.has(col)
          ? v
              .split('|')
              .map((s) => s.trim())
              .filter(Boolean)
          : v;
    });
    const record = (cells[cols.indexOf('record')] ?? '').trim().toLowerCase();
    if (record === 'vendor') out.vendors.push({ row: line, value: obj });
    else if (record === 'game') out.games.push({ row: line, value: { ...obj, names: nameMap } });
    else
      out.unplaced!.push({
        row: line,
        record: 'game',
        key: record || '?',
        errors: ['record must be "vendor" or "game"'],
      });
  }
  return out;
};
