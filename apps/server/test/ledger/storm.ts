import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { payloadOf, type ModelOp, type ModelOutcome } from './model.ts';

/**
 * The concurrency storm shared by the storm and crash tests: a seeded random stream of wallet
 * operations (deposits, bets, wins, rollbacks, transfers, withdrawal holds), with duplicates,
 * conflicting reuse of keys, rollbacks sent before their bet and bets beyond the balance; and the
 * verification that the database holds exactly what was acknowledged.
 */

/** mulberry32: small, seeded, good enough to pick operations. */
export const prng = (seed: number) => () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export interface OpRecord {
  op: ModelOp;
  /** null while unknown: sent, and the answer never came (the server died). */
  outcome: ModelOutcome | null;
}

export class StormGenerator {
  private n = 0;
  private readonly rand: () => number;
  readonly sent: OpRecord[] = [];
  private readonly bets: string[] = [];
  /** Keys of bets whose rollback was sent first; the bets follow later. */
  private readonly lateBets: { key: string; member: number; amount: bigint }[] = [];

  constructor(
    seed: number,
    private readonly members: number[],
    private readonly prefix: string,
  ) {
    this.rand = prng(seed);
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)]!;
  }
  private amount(max: number): bigint {
    return BigInt(1 + Math.floor(this.rand() * max));
  }
  private key(kind: string) {
    return `${this.prefix}:${kind}:${++this.n}`;
  }

  next(): ModelOp {
    const r = this.rand();
    const member = this.pick(this.members);
    if (r < 0.18) return { op: 'deposit', key: this.key('dep'), member, amount: this.amount(5000) };
    if (r < 0.45) {
      const late = this.lateBets.length && this.rand() < 0.3 ? this.lateBets.shift()! : null;
      if (late) return { op: 'bet', key: late.key, member: late.member, amount: late.amount, round: 'late' };
      const key = this.key('bet');
      this.bets.push(key);
      return { op: 'bet', key, member, amount: this.amount(4000), round: `round-${this.n % 50}` };
    }
    if (r < 0.48) {
      // Far beyond any balance: refused, and must leave no trace.
      const huge = 10n ** 12n;
      if (r < 0.46) return { op: 'bet', key: this.key('bet'), member, amount: huge, round: 'overdraw' };
      if (r < 0.47) return { op: 'hold', key: this.key('wd'), member, amount: huge };
      const to = this.members[(this.members.indexOf(member) + 1) % this.members.length]!;
      return { op: 'transfer', key: this.key('tr'), from: member, to, amount: huge };
    }
    if (r < 0.58)
      return { op: 'win', key: this.key('win'), member, amount: this.amount(3000), round: `round-${this.n % 50}` };
    if (r < 0.68 && this.bets.length) {
      return { op: 'rollback', key: this.key('rb'), debitKey: this.pick(this.bets) };
    }
    if (r < 0.72) {
      const key = this.key('bet');
      this.lateBets.push({ key, member, amount: this.amount(500) });
      return { op: 'rollback', key: this.key('rb'), debitKey: key };
    }
    if (r < 0.8) {
      let to = this.pick(this.members);
      if (to === member) to = this.members[(this.members.indexOf(member) + 1) % this.members.length]!;
      return { op: 'transfer', key: this.key('tr'), from: member, to, amount: this.amount(3000) };
    }
    if (r < 0.85) return { op: 'hold', key: this.key('wd'), member, amount: this.amount(2000) };
    const done = this.sent.filter((s) => s.outcome?.ok && !s.outcome.replay);
    if (!done.length) return { op: 'deposit', key: this.key('dep'), member, amount: this.amount(5000) };
    const original = this.pick(done).op;
    if (r < 0.94) return original; // a duplicate: same key, same request
    return conflicting(original); // the same key with another request
  }

  record(op: ModelOp): OpRecord {
    const rec: OpRecord = { op, outcome: null };
    this.sent.push(rec);
    return rec;
  }
}

const conflicting = (op: ModelOp): ModelOp => {
  switch (op.op) {
    case 'rollback':
      return { ...op, debitKey: `${op.debitKey}:other` };
    case 'transfer':
      return { ...op, amount: op.amount + 1n };
    default:
      return { ...op, amount: op.amount + 1n };
  }
};

/** Every key, kind and member amount the database holds. */
const storedTransactions = async (db: Db, merchantId: number) => {
  const r = (await db.execute(sql`
    SELECT t.idempotency_key AS key, t.kind, t.meta->>'outcome' AS outcome
      FROM ledger_transactions t WHERE t.merchant_id = ${merchantId}`)) as unknown as {
    rows: { key: string; kind: string; outcome: string | null }[];
  };
  return r.rows;
};

export interface Expectation {
  applied: Map<string, OpRecord>;
  balances: Map<number, bigint>;
  pending: bigint;
}

/**
 * What the ledger must hold, from what was acknowledged: each operation applied once (its first
 * non-replay success), balances as the sum of those operations' effects.
 */
export const appliedOf = (records: OpRecord[]): Map<string, OpRecord> => {
  const applied = new Map<string, OpRecord>();
  for (const rec of records) {
    if (rec.outcome?.ok && !rec.outcome.replay) {
      if (applied.has(rec.op.key)) throw new Error(`key ${rec.op.key} applied twice`);
      applied.set(rec.op.key, rec);
    }
  }
  return applied;
};

export const expectationOf = (records: OpRecord[]): Expectation => {
  const applied = appliedOf(records);
  const balances = new Map<number, bigint>();
  const add = (m: number, d: bigint) => balances.set(m, (balances.get(m) ?? 0n) + d);
  let pending = 0n;
  for (const { op, outcome } of applied.values()) {
    if (op.op === 'deposit' || op.op === 'win') add(op.member, op.amount);
    if (op.op === 'bet') add(op.member, -op.amount);
    if (op.op === 'hold') {
      add(op.member, -op.amount);
      pending += op.amount;
    }
    if (op.op === 'transfer') {
      add(op.from, -op.amount);
      add(op.to, op.amount);
    }
    if (op.op === 'rollback' && outcome?.ok && outcome.outcome === 'reversed') {
      const bet = applied.get(op.debitKey);
      if (!bet || bet.op.op !== 'bet') throw new Error(`rollback ${op.key} reversed a bet that was not applied`);
      add(bet.op.member, bet.op.amount);
    }
  }
  return { applied, balances, pending };
};

/** Checks the database against the acknowledged operations; returns a list of problems. */
export const verifyAgainst = async (db: Db, merchantId: number, records: OpRecord[], members: number[]) => {
  const problems: string[] = [];
  const { applied, balances, pending } = expectationOf(records);
  const stored = await storedTransactions(db, merchantId);
  const storedKeys = new Map(stored.map((s) => [s.key, s]));
  const tombstoned = new Set<string>();
  for (const { op, outcome } of applied.values()) {
    if (op.op === 'rollback' && outcome?.ok && outcome.outcome === 'tombstone') tombstoned.add(op.debitKey);
  }
  for (const key of applied.keys()) if (!storedKeys.has(key)) problems.push(`acknowledged ${key} is missing`);
  for (const s of stored) {
    if (s.key.startsWith('seed:')) continue;
    if (s.kind === 'tombstone' ? !tombstoned.has(s.key) : !applied.has(s.key))
      problems.push(`unexpected ${s.kind} ${s.key}`);
  }
  // Refusals and replays agree with what was applied.
  for (const rec of records) {
    const o = rec.outcome;
    if (!o) continue;
    const original = applied.get(rec.op.key);
    if (o.ok && o.replay && rec.op.op !== 'rollback' && !original) problems.push(`replay of unknown ${rec.op.key}`);
    if (
      !o.ok &&
      o.code === 'IDEMPOTENCY_CONFLICT' &&
      !(original && payloadOf(original.op) !== payloadOf(rec.op)) &&
      !tombstoned.has(rec.op.key)
    ) {
      problems.push(`conflict on ${rec.op.key} without a different original`);
    }
    if (!o.ok && o.code === 'TRANSACTION_ROLLED_BACK' && !tombstoned.has(rec.op.key))
      problems.push(`rolled-back refusal of ${rec.op.key} without tombstone`);
    if (rec.op.op === 'bet' && tombstoned.has(rec.op.key) && o.ok)
      problems.push(`tombstoned bet ${rec.op.key} was applied`);
  }
  const r = (await db.execute(sql`
    SELECT owner_id, balance::text AS balance FROM ledger_accounts WHERE merchant_id = ${merchantId} AND owner_id IS NOT NULL`)) as unknown as {
    rows: { owner_id: number; balance: string }[];
  };
  const actual = new Map(r.rows.map((x) => [Number(x.owner_id), BigInt(x.balance)]));
  for (const m of members) {
    const want = balances.get(m) ?? 0n;
    const got = actual.get(m) ?? 0n;
    if (want !== got) problems.push(`member ${m}: balance ${got}, expected ${want}`);
  }
  const p = (await db.execute(sql`
    SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE merchant_id = ${merchantId} AND kind = 'pending_withdrawal'`)) as unknown as {
    rows: { b: string }[];
  };
  if (BigInt(p.rows[0]!.b) !== pending) problems.push(`pending ${p.rows[0]!.b}, expected ${pending}`);
  return problems;
};

/** Runs `workers` loops that each take the next operation and send it, until `total` were sent. */
export const runStorm = async (
  gen: StormGenerator,
  total: number,
  workers: number,
  send: (op: ModelOp) => Promise<ModelOutcome | null>,
) => {
  let issued = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (issued < total) {
        issued++;
        const op = gen.next();
        const rec = gen.record(op);
        rec.outcome = await send(op);
      }
    }),
  );
};
