import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createMember } from '../../../test/factories/wallet.ts';
import { LedgerModel, applyToWallet, type ModelOp } from '../../../test/ledger/model.ts';
import { checkLedger } from './ledger-check/data.ts';

/**
 * Random sequences of wallet operations against the real service and database, compared with the
 * in-memory model after every step: the outcome (applied, replayed or the refusal's code), the
 * balance answered, and every member's balance. Keys come from a small pool so replays,
 * conflicting reuse, rollbacks before their bet and rollbacks of non-bets happen often.
 */
let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await createTestApp();
  merchantId = await t.ctx.merchants.resolveId('localhost');
});
afterAll(() => t.close());

const MEMBERS = 3;
const amount = fc.bigInt({ min: 1n, max: 400n });
const who = fc.integer({ min: 0, max: MEMBERS - 1 });
const key = fc.integer({ min: 0, max: 9 }).map((i) => `k${i}`);
const round = fc.constantFrom('r1', 'r2');

type Abstract = ModelOp;
const opArb: fc.Arbitrary<Abstract> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('deposit' as const), key, member: who, amount }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('bet' as const), key, member: who, amount, round }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('win' as const), key, member: who, amount, round }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('transfer' as const), key, from: who, to: who, amount }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('hold' as const), key, member: who, amount }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('rollback' as const), key, debitKey: key }) },
);

let run = 0;

describe('ledger properties (fast-check, model-based)', () => {
  it('answers every operation as the model does and keeps the same balances after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 35 }), async (ops) => {
        run++;
        const ids: number[] = [];
        for (let i = 0; i < MEMBERS; i++) ids.push((await createMember(t.ctx)).id);
        const model = new LedgerModel();
        // Each run gets its own key space; the model sees the same concrete operations.
        const concrete = (o: Abstract): ModelOp => {
          const k = (s: string) => `p${run}:${s}`;
          switch (o.op) {
            case 'deposit':
            case 'hold':
              return { ...o, key: k(o.key), member: ids[o.member]! };
            case 'bet':
            case 'win':
              return { ...o, key: k(o.key), member: ids[o.member]! };
            case 'transfer':
              return { ...o, key: k(o.key), from: ids[o.from]!, to: ids[o.to]! };
            case 'rollback':
              return { ...o, key: k(o.key), debitKey: k(o.debitKey) };
          }
        };
        for (const abstract of ops) {
          const op = concrete(abstract);
          const expected = model.apply(op);
          const actual = await applyToWallet(t.ctx.wallet, merchantId, op);
          expect(
            actual,
            JSON.stringify(op, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
          ).toEqual(expected);
          for (const id of ids) {
            expect((await t.ctx.wallet.balance(merchantId, id)).balance).toBe(model.balance(id));
          }
        }
      }),
      { numRuns: 60 },
    );
    const report = await checkLedger(t.ctx.db);
    expect(report.breaches).toEqual([]);
    expect(report.stats.tombstones).toBeGreaterThan(0);
  }, 240_000);
});
