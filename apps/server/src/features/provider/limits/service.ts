import type { BodyOutput, PendingWin, WinLimit, providerAdminEndpoints } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import type { OperatorActor } from '../../../http/auth.ts';
import { AppError } from '../../../http/errors.ts';
import { audit } from '../../operator/service.ts';
import type { WalletService } from '../../wallet/service.ts';
import * as data from './data.ts';

type LimitBody = BodyOutput<typeof providerAdminEndpoints.setWinLimit>;
type Operator = Pick<OperatorActor, 'merchantId' | 'operatorId'>;

/** Why a win is held: it went past the multiple of its round's stakes, or past the cap. */
export type HoldReason = 'multiple' | 'cap';
/** The limits that apply to a round: the strictest of every matching row, null where none. */
export interface RoundLimits {
  maxMultiple: bigint | null;
  maxAmount: bigint | null;
}

/** A merchant's limits are read at most this often by a process (another instance's change shows within it). */
const LIMITS_TTL_MS = 5_000;

const limitView = (l: data.LimitRow): WinLimit => ({
  vassalage: l.vassalage,
  gameType: l.gameType,
  maxMultiple: l.maxMultiple,
  maxAmount: l.maxAmount === null ? null : String(l.maxAmount),
  updatedAt: l.updatedAt.toISOString(),
});
const pendingView = (w: data.PendingRow): PendingWin => ({
  id: w.id,
  memberId: w.memberId,
  username: w.username,
  provider: w.provider,
  vassalage: w.vassalage,
  gameType: w.gameType,
  gameCode: w.gameCode,
  roundId: w.roundId,
  transactionId: w.transactionId,
  currency: w.currency,
  amount: String(w.amount),
  stake: String(w.stake),
  reason: w.reason === 'cap' ? 'cap' : 'multiple',
  status: w.status === 'paid' ? 'paid' : w.status === 'voided' ? 'voided' : 'pending',
  createdAt: w.createdAt.toISOString(),
  decidedAt: w.decidedAt ? w.decidedAt.toISOString() : null,
  decidedBy: w.decidedBy,
  note: w.note,
});

const min = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/**
 * Seamless win limits and the held wins desk (decision 053). Operators set, per vendor and game type
 * ('*' for any), the most a win may be as a multiple of its round's stakes and as an amount. A win
 * past either is held: the vendor is answered as usual and the money goes from the house to the
 * pending-win account (the seamless wallet writes that with the win's record). Finance then pays it
 * (pending-win account to the player) or voids it (back to the house); each decision moves the money,
 * marks the row and writes the audit log in one transaction.
 */
export const createWinLimits = ({ db, wallet }: { db: Db; wallet: WalletService }) => {
  const cache = new Map<number, { at: number; rows: data.LimitRow[] }>();
  const rowsOf = async (merchantId: number) => {
    const hit = cache.get(merchantId);
    if (hit && Date.now() - hit.at < LIMITS_TTL_MS) return hit.rows;
    const rows = await data.limitsOf(db, merchantId);
    cache.set(merchantId, { at: Date.now(), rows });
    return rows;
  };

  const forRound = async (merchantId: number, vassalage: string, gameType: string): Promise<RoundLimits> => {
    let maxMultiple: bigint | null = null;
    let maxAmount: bigint | null = null;
    for (const l of await rowsOf(merchantId)) {
      if ((l.vassalage !== '*' && l.vassalage !== vassalage) || (l.gameType !== '*' && l.gameType !== gameType))
        continue;
      maxMultiple = min(maxMultiple, l.maxMultiple === null ? null : BigInt(l.maxMultiple));
      maxAmount = min(maxAmount, l.maxAmount);
    }
    return { maxMultiple, maxAmount };
  };

  /** Whether a win of `amount` on a round with `stake` is held under `limits`, and why. */
  const holdReason = (limits: RoundLimits, amount: bigint, stake: bigint): HoldReason | null => {
    if (amount <= 0n) return null;
    if (limits.maxMultiple !== null && amount > limits.maxMultiple * stake) return 'multiple';
    if (limits.maxAmount !== null && amount > limits.maxAmount) return 'cap';
    return null;
  };

  const decide = async (
    op: Operator,
    ip: string,
    input: { id: number; note: string },
    status: 'paid' | 'voided',
  ): Promise<PendingWin> => {
    await db.transaction(async (tx) => {
      const w = await data.decide(tx, {
        merchantId: op.merchantId,
        id: input.id,
        status,
        operatorId: op.operatorId,
        note: input.note,
      });
      if (!w) {
        const found = await data.pendingWin(tx, op.merchantId, input.id);
        if (!found) throw new AppError('NOT_FOUND', 'No such held win', 404);
        throw new AppError('ALREADY_DECIDED', `This win was already ${found.status}`, 409);
      }
      const from = { system: 'pending_win' as const };
      await wallet.transfer({
        merchantId: op.merchantId,
        from,
        to: status === 'paid' ? { member: w.memberId } : { system: 'house', sub: '0' },
        amount: w.amount,
        key: `pending-win:${w.id}`,
        kind: status === 'paid' ? 'win_held_paid' : 'win_held_voided',
        reference: `${w.provider}:${w.roundId}`,
        meta: { pendingWinId: w.id },
        db: tx,
      });
      await audit(
        tx,
        op,
        status === 'paid' ? 'provider.pending_win.pay' : 'provider.pending_win.void',
        String(w.id),
        { memberId: w.memberId, amount: String(w.amount), note: input.note },
        ip,
      );
    });
    return pendingView((await data.pendingWin(db, op.merchantId, input.id))!);
  };

  return {
    forRound,
    holdReason,

    async list(merchantId: number): Promise<WinLimit[]> {
      return (await data.limitsOf(db, merchantId)).map(limitView);
    },

    async set(op: Operator, body: LimitBody, ip: string): Promise<WinLimit[]> {
      const l = {
        merchantId: op.merchantId,
        vassalage: body.vassalage,
        gameType: body.gameType,
        maxMultiple: body.maxMultiple,
        maxAmount: body.maxAmount === null ? null : BigInt(body.maxAmount),
      };
      await db.transaction(async (tx) => {
        await data.putLimit(tx, l);
        await audit(tx, op, 'provider.win_limit.set', `${l.vassalage}/${l.gameType}`, { ...body }, ip);
      });
      cache.delete(op.merchantId);
      return this.list(op.merchantId);
    },

    async pending(merchantId: number, status: string): Promise<PendingWin[]> {
      return (await data.pendingWins(db, merchantId, status)).map(pendingView);
    },

    pay: (op: Operator, ip: string, input: { id: number; note: string }) => decide(op, ip, input, 'paid'),
    void: (op: Operator, ip: string, input: { id: number; note: string }) => decide(op, ip, input, 'voided'),
  };
};

export type WinLimits = ReturnType<typeof createWinLimits>;
