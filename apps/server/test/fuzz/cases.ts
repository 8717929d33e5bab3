import * as contract from '@app/contract';
import { unsafeTextPath, type Endpoint } from '@app/contract';
import fc from 'fast-check';
import { parse as parseQueryString } from 'fast-querystring';
import { BAD_PARAMS, BAD_VALUES, asText, encodeText, type BadValue } from './bad-values.ts';
import { sample, topFields } from './sample.ts';

/**
 * The contract fuzz's cases (decision 056): every endpoint the contract exports, every field of its
 * query and body, every path parameter, each given hostile values. A case knows, before it is sent,
 * whether the contract refuses it (then the answer must be a 4xx envelope and nothing may change) or
 * takes it (then the handler runs with one odd field and must still answer below 500).
 */

export interface ContractEndpoint {
  /** `group.name`, as in `depositOperator.createChannel`. */
  id: string;
  endpoint: Endpoint;
}

/** Every endpoint of the contract, found by enumerating its `<group>Endpoints` exports. */
export const contractEndpoints = (): ContractEndpoint[] =>
  Object.entries(contract)
    .filter(([name, value]) => name.endsWith('Endpoints') && !!value && typeof value === 'object')
    .flatMap(([name, group]) =>
      Object.entries(group as Record<string, Endpoint>).map(([n, endpoint]) => ({
        id: `${name.slice(0, -'Endpoints'.length)}.${n}`,
        endpoint,
      })),
    )
    .sort((a, b) => a.id.localeCompare(b.id));

/**
 * Valid requests the sampler cannot find alone (cross-field rules, texts per language). Keyed by
 * endpoint id; a new endpoint whose schema defeats the sampler fails the "has a valid base" test
 * until it gets a line here.
 */
const when = '2026-01-01T00:00:00.000Z';
const later = '2026-06-01T00:00:00.000Z';
export const BASES: Record<string, { query?: Record<string, unknown>; body?: Record<string, unknown> }> = {
  'providerAdmin.update': {
    body: { vassalage: 'HGS', enabled: true, maintenanceFrom: null, maintenanceUntil: null, maintenanceMessage: '' },
  },
  'content.listAnnouncements': { query: { types: 'B,PL', platform: 'W' } },
  'operatorMessage.create': { body: { title: { EN: 'Hello' }, body: { EN: 'Hello all' }, audience: { kind: 'all' } } },
  'lottery.place': {
    body: {
      gameCode: 'lott-ssc-1-min',
      numero: '20261125-0001',
      betType: 'last3',
      picks: [['1'], ['2'], ['3']],
      multiplier: 1,
    },
  },
  'lottery.chase': {
    body: {
      gameCode: 'lott-pk10-1-min',
      numero: '20261125-0001',
      betType: 'pk10_top2',
      picks: [['01'], ['02']],
      multiplier: 1,
      periods: 3,
      stopOnWin: true,
    },
  },
  'lotteryOperator.voidPeriod': { body: { gameCode: 'lott-ssc-1-min', numero: '20261125-0001' } },
  'lotteryOperator.exposure': { query: { gameCode: 'lott-lhc-1-min' } },
  'lotteryOperator.setLimits': {
    body: {
      gameCode: 'lott-lhc-1-min',
      minBet: '200',
      maxBet: '5000000',
      maxPeriod: '10000000',
      maxExposure: '500000000',
    },
  },
  'lotteryOperator.enterResult': {
    body: { gameCode: 'tcg_lotto_vn-northern-lottery', numero: '20261125-0001', result: [12345, 67890] },
  },
  'lotteryOperator.confirmResult': {
    body: { gameCode: 'tcg_lotto_vn-northern-lottery', numero: '20261125-0001', entryId: 1 },
  },
  'operatorContent.createDomain': { body: { host: 'mirror-fuzz.example.com' } },
  'pointsOperator.saveItem': {
    body: { kind: 'goods', name: { EN: 'Fuzz mug' }, stock: 1, pointsCost: 10, cashAmount: '0' },
  },
  'missionOperator.save': {
    body: {
      title: { EN: 'Fuzz mission' },
      period: 'daily',
      kind: 'deposit',
      target: '5000',
      rewardKind: 'cash',
      reward: '500',
    },
  },
  'missionOperator.saveBoard': {
    body: { title: { EN: 'Fuzz race' }, metric: 'turnover', period: 'weekly', prizes: ['1000'] },
  },
  'operatorContent.createBanner': {
    body: {
      groupName: 'w_login',
      title: { EN: 'Banner' },
      imageUrl: 'https://example.com/a.png',
      linkageType: 'NONE',
      sort: 1,
      enabled: true,
      startTime: when,
      endTime: later,
    },
  },
  'operatorContent.createAnnouncement': {
    body: { type: 'B', title: { EN: 'Title' }, content: { EN: 'Text' }, enabled: true, startTime: when },
  },
  'operatorAgentAnnouncement.create': {
    body: { title: { EN: 'Title' }, content: { EN: 'Text' }, pinned: false, enabled: true, startAt: when },
  },
  'operatorAgentAnnouncement.update': {
    body: { id: 1, title: { EN: 'Title' }, content: { EN: 'Text' }, pinned: false, enabled: true, startAt: when },
  },
  'promotionOperator.create': {
    body: {
      type: 'DEPOSIT',
      texts: { EN: { title: 'Fuzz offer', description: 'An offer.', terms: '' } },
      startsAt: later,
      trigger: 'manual',
      amount: '100',
    },
  },
  'promotionOperator.update': {
    body: {
      id: 1,
      type: 'DEPOSIT',
      texts: { EN: { title: 'Fuzz offer', description: 'An offer.', terms: '' } },
      startsAt: later,
      trigger: 'manual',
      amount: '100',
    },
  },
  'depositOperator.createChannel': {
    body: {
      code: 'FUZZ_BANK',
      kind: 'bank',
      name: 'Fuzz bank',
      enabled: true,
      minAmount: '1000',
      maxAmount: '500000',
      bank: { bankName: 'Bank', accountName: 'Owner', accountNumber: '12345678' },
    },
  },
  'depositOperator.updateChannel': {
    body: {
      code: 'FUZZ_BANK',
      kind: 'bank',
      name: 'Fuzz bank',
      enabled: true,
      minAmount: '1000',
      maxAmount: '500000',
      bank: { bankName: 'Bank', accountName: 'Owner', accountNumber: '12345678' },
    },
  },
};

type Part = 'query' | 'body';

/** The valid value the fuzz starts from for one part of an endpoint, or undefined when none is known. */
export const baseOf = (e: ContractEndpoint, part: Part): Record<string, unknown> | undefined => {
  const schema = e.endpoint[part];
  if (!schema) return undefined;
  const given = BASES[e.id]?.[part];
  return (given ?? sample(schema)) as Record<string, unknown> | undefined;
};

/** Whether the contract takes a value of a request part as the server will see it. */
export const accepts = (schema: Endpoint['query'], seen: unknown): boolean => {
  if (!schema) return true;
  if (unsafeTextPath(seen)) return false;
  try {
    return schema.safeParse(seen ?? {}).success;
  } catch {
    return false;
  }
};

export interface FuzzCase {
  endpointId: string;
  /** What was changed: `body.amount`, `query.username`, `params.id`, `body` (the whole body), … */
  target: string;
  value: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** A raw body (malformed JSON, oversized): sent as is, never sealed. */
  raw?: { payload: string | Buffer; contentType: string };
  params: Record<string, string>;
  /** The contract refuses this request: a 4xx envelope and no change are expected. */
  refused: boolean;
}

/** A request's query string as the client sends it (text percent-encoded, lone surrogates too). */
export const queryString = (query: Record<string, unknown> | undefined): string => {
  if (!query) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    const text = typeof v === 'number' || typeof v === 'boolean' ? String(v) : asText(v);
    for (const one of Array.isArray(text) ? text : [text]) parts.push(`${encodeText(k)}=${encodeText(one)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
};

/** The query as the server parses it (Fastify's parser), for deciding whether the contract takes it. */
export const seenQuery = (qs: string): Record<string, unknown> =>
  qs ? { ...(parseQueryString(qs.slice(1)) as Record<string, unknown>) } : {};

/** What a JSON body is once it has crossed the wire. */
const overTheWire = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

/** A form-encoded body as it is sent (formBody in the suite) and as the server reads it: every value a string. */
export const formBody = (body: unknown) =>
  Object.entries((body ?? {}) as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${queryString({ v }).slice(3)}`)
    .join('&');
const formSeen = (body: unknown): Record<string, unknown> => Object.fromEntries(new URLSearchParams(formBody(body)));

/** A seeded pseudo-random source (mulberry32): the same seed picks the same cases. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** Random hostile values beyond the catalogue: any JSON, any UTF-16 text (broken pairs included), edge numbers. */
const randomValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.stringMatching(/^-?[0-9٠-٩０-９]{1,30}([.,][0-9]{1,5})?([eE][+-]?[0-9]{1,4})?$/),
  fc.double(),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())),
);

export interface Plan {
  seed: number;
  /** Every catalogue value on every field (`npm run fuzz`), or each catalogue value once per endpoint on a drawn field (CI). */
  exhaustive: boolean;
  /** Extra random values per field, drawn with fast-check from the seed. */
  randomPerField: number;
}

const setAt = (base: Record<string, unknown>, path: (string | number)[], value: unknown) => {
  const copy = structuredClone(base);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
};

/** Every path of a base value: each top-level field of the schema, and each nested field and array item present. */
const pathsOf = (schema: NonNullable<Endpoint['query']>, base: Record<string, unknown>): (string | number)[][] => {
  const out: (string | number)[][] = topFields(schema).map((k) => [k]);
  const walk = (v: unknown, path: (string | number)[]) => {
    if (Array.isArray(v)) v.slice(0, 2).forEach((item, i) => visit(item, [...path, i]));
    else if (v && typeof v === 'object') for (const [k, item] of Object.entries(v)) visit(item, [...path, k]);
  };
  const visit = (v: unknown, path: (string | number)[]) => {
    if (path.length > 1) out.push(path);
    walk(v, path);
  };
  walk(base, []);
  return out;
};

const PARAM_BASE: Record<string, string> = { id: '987654', provider: 'HOUSE' };
const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

/** The cases of one endpoint under a plan. */
export const casesOf = (e: ContractEndpoint, plan: Plan, bodyLimit: number): FuzzCase[] => {
  const pick = prng(plan.seed ^ hash(e.id));
  const params = Object.fromEntries(paramNames(e.endpoint.path).map((p) => [p, PARAM_BASE[p] ?? '1']));
  const base = { query: baseOf(e, 'query'), body: baseOf(e, 'body') };
  const cases: FuzzCase[] = [];
  const fields: { part: Part; path: (string | number)[] }[] = [];
  for (const part of ['query', 'body'] as const) {
    const schema = e.endpoint[part];
    if (schema && base[part]) for (const path of pathsOf(schema, base[part])) fields.push({ part, path });
  }

  const add = (part: Part, path: (string | number)[], bad: BadValue) => {
    const mutated = setAt(base[part]!, path, bad.value);
    const request = { query: base.query, body: base.body, [part]: mutated };
    const qs = queryString(request.query);
    const refused =
      !accepts(e.endpoint.query, seenQuery(qs)) ||
      (e.endpoint.body
        ? !accepts(e.endpoint.body, e.endpoint.bodyType === 'form' ? formSeen(request.body) : overTheWire(request.body))
        : false);
    cases.push({
      endpointId: e.id,
      target: `${part}.${path.join('.')}`,
      value: bad.name,
      query: request.query,
      body: request.body,
      params,
      refused,
    });
  };

  if (fields.length) {
    if (plan.exhaustive) {
      for (const f of fields) for (const bad of BAD_VALUES) add(f.part, f.path, bad);
    } else {
      for (const bad of BAD_VALUES) {
        const f = fields[Math.floor(pick() * fields.length)]!;
        add(f.part, f.path, bad);
      }
    }
    if (plan.randomPerField > 0) {
      const values = fc.sample(randomValue, {
        seed: plan.seed ^ hash(`${e.id}#random`),
        numRuns: fields.length * plan.randomPerField,
      });
      fields.forEach((f, i) => {
        for (let r = 0; r < plan.randomPerField; r++) {
          add(f.part, f.path, { name: 'random', value: values[i * plan.randomPerField + r] });
        }
      });
    }
  } else {
    // No fields: an unknown query parameter with hostile text must not matter.
    for (const bad of BAD_VALUES.filter((b) => typeof b.value === 'string').slice(0, plan.exhaustive ? undefined : 6)) {
      cases.push({
        endpointId: e.id,
        target: 'query.(unknown)',
        value: bad.name,
        query: { ...base.query, fuzz: bad.value },
        body: base.body,
        params,
        refused: false,
      });
    }
  }

  for (const name of Object.keys(params)) {
    for (const [what, text] of BAD_PARAMS) {
      cases.push({
        endpointId: e.id,
        target: `params.${name}`,
        value: what,
        query: base.query,
        body: base.body,
        params: { ...params, [name]: text },
        refused: true,
      });
    }
  }

  if (e.endpoint.method !== 'GET' && e.endpoint.method !== 'DELETE') {
    // Whole bodies: not JSON, not an object, too big, of another type.
    const refusedIfBody = !!e.endpoint.body;
    const whole: [string, string | Buffer, string, boolean][] = [
      ['malformed-json', '{"a":', 'application/json', true],
      ['truncated-json', JSON.stringify(base.body ?? {}).slice(0, -1) || '{', 'application/json', true],
      ['json-array', '[]', 'application/json', refusedIfBody],
      ['json-string', '"x"', 'application/json', refusedIfBody],
      ['json-null', 'null', 'application/json', refusedIfBody],
      ['over-limit', Buffer.alloc(bodyLimit + 1, 0x20), 'application/json', true],
      ['text-plain', 'hello', 'text/plain', refusedIfBody],
    ];
    for (const [what, payload, contentType, refused] of whole) {
      if (e.endpoint.bodyType === 'form' && contentType === 'text/plain') continue;
      cases.push({
        endpointId: e.id,
        target: 'body',
        value: what,
        query: base.query,
        raw: { payload, contentType },
        params,
        refused,
      });
    }
  }
  return cases;
};

const hash = (s: string) => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
};
