import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { createMember } from '../../../test/factories/wallet.ts';
import { applyToWallet } from '../../../test/ledger/model.ts';
import { createPgContext } from '../../../test/ledger/pg.ts';
import { StormGenerator, runStorm, verifyAgainst } from '../../../test/ledger/storm.ts';
import { checkLedger } from './ledger-check/data.ts';

/**
 * Many concurrent workers on real PostgreSQL (PostgreSQL only: PGlite has one connection, so it
 * cannot race). Afterwards every invariant is checked in SQL and the database must hold exactly the
 * acknowledged operations.
 */
const WORKERS = 24;
const OPS = 4000;
const SEED = Number(process.env.STORM_SEED ?? Date.now() % 1_000_000);

let env: Awaited<ReturnType<typeof createPgContext>>;
let ctx: AppContext;
let merchantId: number;
let members: number[];
beforeAll(async () => {
  env = await createPgContext(WORKERS);
  ctx = env.ctx;
  merchantId = await ctx.merchants.resolveId('localhost');
  members = [];
  // Few members for many workers: the same wallets are hit concurrently all the time.
  for (let i = 0; i < 12; i++) members.push((await createMember(ctx, { merchantId })).id);
});
afterAll(() => env.close());

describe(`ledger storm on PostgreSQL (seed ${SEED})`, () => {
  it('applies every acknowledged operation exactly once, refuses the rest without a trace, keeps every invariant', async () => {
    const gen = new StormGenerator(SEED, members, `s${SEED}`);
    await runStorm(gen, OPS, WORKERS, (op) => applyToWallet(ctx.wallet, merchantId, op));

    const outcomes = gen.sent.map((r) =>
      r.outcome?.ok ? (r.outcome.replay ? 'replay' : (r.outcome.outcome ?? 'applied')) : r.outcome?.code,
    );
    const count = (x: string) => outcomes.filter((o) => o === x).length;
    const histogram = Object.fromEntries([...new Set(outcomes)].map((o) => [o, count(String(o))]));
    console.log('storm outcomes', histogram);
    // The storm did produce every situation it is meant to.
    expect(count('applied')).toBeGreaterThan(1000);
    expect(count('replay')).toBeGreaterThan(50);
    expect(count('IDEMPOTENCY_CONFLICT')).toBeGreaterThan(20);
    expect(count('INSUFFICIENT_FUNDS')).toBeGreaterThan(60);
    expect(count('tombstone')).toBeGreaterThan(20);
    expect(count('reversed')).toBeGreaterThan(20);
    expect(count('TRANSACTION_ROLLED_BACK')).toBeGreaterThan(5);

    expect(await verifyAgainst(ctx.db, merchantId, gen.sent, members)).toEqual([]);
    const report = await checkLedger(ctx.db);
    expect(report.breaches).toEqual([]);
  }, 180_000);
});
