import type { WalletService } from '../../src/features/wallet/service.ts';

/**
 * A deliberately simple in-memory model of the wallet's promises (design.md §4), used by the
 * property, storm and crash tests to say what the real ledger must answer. No SQL, no concurrency:
 * a map of balances and a map of keys.
 */
export type ModelOp =
  | { op: 'deposit'; key: string; member: number; amount: bigint }
  | { op: 'bet'; key: string; member: number; amount: bigint; round: string }
  | { op: 'win'; key: string; member: number; amount: bigint; round: string }
  | { op: 'transfer'; key: string; from: number; to: number; amount: bigint }
  | { op: 'hold'; key: string; member: number; amount: bigint }
  | { op: 'rollback'; key: string; debitKey: string };

export type ModelOutcome =
  | { ok: true; replay: boolean; balance: bigint | null; outcome?: 'reversed' | 'tombstone' }
  | { ok: false; code: string };

interface Applied {
  op: ModelOp;
  balance: bigint | null;
  outcome?: 'reversed' | 'tombstone';
  /** For rollbacks: which debit. */
  target?: string;
}

/** Material fields of a request: equal ones are a replay, different ones a conflict. */
export const payloadOf = (op: ModelOp): string => {
  switch (op.op) {
    case 'deposit':
    case 'hold':
      return `${op.op}|${op.member}|${op.amount}`;
    case 'bet':
    case 'win':
      return `${op.op}|${op.member}|${op.amount}|${op.round}`;
    case 'transfer':
      return `${op.op}|${op.from}|${op.to}|${op.amount}`;
    case 'rollback':
      return `rollback|${op.debitKey}`;
  }
};

export class LedgerModel {
  readonly balances = new Map<number, bigint>();
  pending = 0n;
  /** House side of bets and wins, plus clearing: the rest of the world. */
  outside = 0n;
  readonly keys = new Map<string, Applied>();
  readonly tombstones = new Set<string>();
  /** debit key → rollback key that reversed it or left its tombstone. */
  readonly rolledBack = new Map<string, string>();

  balance(member: number): bigint {
    return this.balances.get(member) ?? 0n;
  }

  private move(member: number, delta: bigint) {
    this.balances.set(member, this.balance(member) + delta);
  }

  apply(op: ModelOp): ModelOutcome {
    if (op.op === 'rollback') return this.rollback(op);
    // Checked before the key: the service refuses a malformed request without looking it up.
    if (op.op === 'transfer' && op.from === op.to) return { ok: false, code: 'LEDGER_INVALID' };
    if (this.tombstones.has(op.key)) return { ok: false, code: 'TRANSACTION_ROLLED_BACK' };
    const seen = this.keys.get(op.key);
    if (seen) {
      if (payloadOf(seen.op) !== payloadOf(op)) return { ok: false, code: 'IDEMPOTENCY_CONFLICT' };
      return { ok: true, replay: true, balance: seen.balance };
    }
    const payer = op.op === 'bet' || op.op === 'hold' ? op.member : op.op === 'transfer' ? op.from : null;
    if (payer !== null && this.balance(payer) < op.amount) return { ok: false, code: 'INSUFFICIENT_FUNDS' };
    let balance: bigint;
    switch (op.op) {
      case 'deposit':
        this.move(op.member, op.amount);
        this.outside -= op.amount;
        balance = this.balance(op.member);
        break;
      case 'bet':
        this.move(op.member, -op.amount);
        this.outside += op.amount;
        balance = this.balance(op.member);
        break;
      case 'win':
        this.move(op.member, op.amount);
        this.outside -= op.amount;
        balance = this.balance(op.member);
        break;
      case 'hold':
        this.move(op.member, -op.amount);
        this.pending += op.amount;
        balance = this.balance(op.member);
        break;
      case 'transfer':
        this.move(op.from, -op.amount);
        this.move(op.to, op.amount);
        balance = this.balance(op.from);
        break;
    }
    this.keys.set(op.key, { op, balance });
    return { ok: true, replay: false, balance };
  }

  private rollback(op: Extract<ModelOp, { op: 'rollback' }>): ModelOutcome {
    if (op.key === op.debitKey) return { ok: false, code: 'LEDGER_INVALID' };
    // A tombstone holds its debit's key: that key is taken by something that is not this rollback.
    if (this.tombstones.has(op.key)) return { ok: false, code: 'IDEMPOTENCY_CONFLICT' };
    const seen = this.keys.get(op.key);
    if (seen) {
      if (payloadOf(seen.op) !== payloadOf(op)) return { ok: false, code: 'IDEMPOTENCY_CONFLICT' };
      return { ok: true, replay: true, balance: seen.balance, outcome: seen.outcome! };
    }
    const first = this.rolledBack.get(op.debitKey);
    if (first) {
      const original = this.keys.get(first)!;
      return { ok: true, replay: true, balance: original.balance, outcome: original.outcome! };
    }
    const debit = this.keys.get(op.debitKey);
    if (!debit) {
      this.tombstones.add(op.debitKey);
      this.rolledBack.set(op.debitKey, op.key);
      this.keys.set(op.key, { op, balance: null, outcome: 'tombstone', target: op.debitKey });
      return { ok: true, replay: false, balance: null, outcome: 'tombstone' };
    }
    if (debit.op.op !== 'bet') return { ok: false, code: 'NOT_ROLLBACKABLE' };
    this.move(debit.op.member, debit.op.amount);
    this.outside -= debit.op.amount;
    const balance = this.balance(debit.op.member);
    this.rolledBack.set(op.debitKey, op.key);
    this.keys.set(op.key, { op, balance, outcome: 'reversed', target: op.debitKey });
    return { ok: true, replay: false, balance, outcome: 'reversed' };
  }
}

/** Runs a model operation against the real wallet service and reports it the model's way. */
export const applyToWallet = async (wallet: WalletService, merchantId: number, op: ModelOp): Promise<ModelOutcome> => {
  try {
    switch (op.op) {
      case 'deposit': {
        const r = await wallet.post({
          merchantId,
          key: op.key,
          kind: 'deposit',
          legs: [
            { account: { system: 'clearing', sub: 'TEST' }, amount: -op.amount },
            { account: { member: op.member }, amount: op.amount },
          ],
        });
        return { ok: true, replay: r.replay, balance: r.balance };
      }
      case 'bet':
      case 'win': {
        const r = await wallet[op.op]({
          merchantId,
          memberId: op.member,
          amount: op.amount,
          key: op.key,
          roundRef: op.round,
        });
        return { ok: true, replay: r.replay, balance: r.balance };
      }
      case 'transfer': {
        const r = await wallet.transfer({
          merchantId,
          from: { member: op.from },
          to: { member: op.to },
          amount: op.amount,
          key: op.key,
        });
        return { ok: true, replay: r.replay, balance: r.balance };
      }
      case 'hold': {
        const r = await wallet.transfer({
          merchantId,
          from: { member: op.member },
          to: { system: 'pending_withdrawal' },
          amount: op.amount,
          key: op.key,
          kind: 'withdrawal_hold',
        });
        return { ok: true, replay: r.replay, balance: r.balance };
      }
      case 'rollback': {
        const r = await wallet.rollback({ merchantId, key: op.key, debitKey: op.debitKey });
        return { ok: true, replay: r.replay, balance: r.balance, outcome: r.outcome };
      }
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return { ok: false, code };
    throw err;
  }
};
