import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { WalletService } from '../../wallet/service.ts';
import type { ProtectionService } from '../../protection/service.ts';
import type { TransferState } from '../adapters.ts';
import * as data from './data.ts';
import type { Registry } from '../registry.ts';

/**
 * Transfer-model vendors keep their own wallet per player. Money moves between the main wallet and
 * the house's 'provider' account for that vassalage (which mirrors what the vendor holds):
 *   in:  debit the member first (so the money can't be spent twice), then ask the vendor; if the
 *        vendor says it failed, the debit is reversed; if it doesn't answer, the move stays pending.
 *   out: ask the vendor first; credit the member only once the vendor confirms.
 * A pending move is settled later by the status check (jobs.ts) or by reconciliation.
 */
export interface TransferOutcome {
  vassalage: string;
  amount: string;
  status: 'succeeded' | 'pending' | 'failed' | 'nothing';
  message: string;
}

const transferId = (id: number) => `TR-${id}`;

export interface TransferDeps {
  db: Db;
  wallet: Pick<WalletService, 'balance' | 'transfer' | 'findByKey'>;
  registry: Registry;
  /** Player protection: money into a game is play (issue 24). */
  protection: Pick<ProtectionService, 'assertMayPlay'>;
}

export const createTransfers = ({ db: root, wallet, registry, protection }: TransferDeps) => {
  const api = async (merchantId: number, vassalage: string) => {
    const v = await registry.switches(merchantId, vassalage);
    const integration = v ? registry.integration(v.provider) : undefined;
    if (!v || v.walletModel !== 'transfer' || !integration?.adapter.transfer) {
      throw new AppError('NOT_TRANSFER_VENDOR', `${vassalage} does not use a transfer wallet`, 400);
    }
    return { integration, transfer: integration.adapter.transfer };
  };

  /** Applies what the vendor said about a move; 'unknown' leaves it pending. Safe to repeat. */
  const apply = async (
    id: number,
    merchantId: number,
    memberId: number,
    vassalage: string,
    direction: 'in' | 'out',
    amount: bigint,
    state: TransferState,
    db: Db = root,
  ): Promise<TransferOutcome> => {
    const base = { vassalage, amount: String(amount) };
    if (state === 'unknown') {
      await data.touchTransfer(db, id, 'waiting for the vendor');
      return { ...base, status: 'pending', message: 'The vendor has not confirmed yet; it will be checked again' };
    }
    if (state === 'succeeded' && direction === 'out') {
      await wallet.transfer({
        merchantId,
        from: { system: 'provider', sub: vassalage },
        to: { member: memberId },
        amount,
        key: `tr:${id}:out`,
        kind: 'transfer_out',
        reference: transferId(id),
        db,
      });
    }
    // Revert only a debit that happened (a crash between recording the move and debiting leaves none).
    if (state === 'failed' && direction === 'in' && (await wallet.findByKey(merchantId, `tr:${id}:in`, db))) {
      await wallet.transfer({
        merchantId,
        from: { system: 'provider', sub: vassalage },
        to: { member: memberId },
        amount,
        key: `tr:${id}:revert`,
        kind: 'transfer_revert',
        reference: transferId(id),
        db,
      });
    }
    await data.settleTransfer(
      db,
      id,
      state,
      state === 'succeeded' ? 'confirmed by the vendor' : 'refused by the vendor',
    );
    return { ...base, status: state, message: state === 'succeeded' ? 'Done' : 'The vendor refused the transfer' };
  };

  /**
   * The status check: asks the vendor about moves still pending after `olderThanSeconds`. `db` is
   * the job runner's transaction when the check runs as a job.
   */
  const checkPending = async (olderThanSeconds = 10, limit = 100, vassalage?: string, db: Db = root) => {
    let resolved = 0;
    for (const t of await data.pendingTransfers(db, olderThanSeconds, limit, vassalage)) {
      const integration = registry.integration(t.provider);
      const transfer = integration?.adapter.transfer;
      if (!transfer) continue;
      const state = await transfer.status(transferId(t.id));
      const r = await apply(
        t.id,
        t.merchantId,
        t.memberId,
        t.vassalage,
        t.direction as 'in' | 'out',
        t.amount,
        state,
        db,
      );
      if (r.status !== 'pending') resolved++;
    }
    return resolved;
  };

  /** Brings the vendor's balance for the member back to the main wallet. */
  const moveAllOut = async (merchantId: number, memberId: number, vassalage: string): Promise<TransferOutcome> => {
    const { integration, transfer } = await api(merchantId, vassalage);
    const { currency } = await wallet.balance(merchantId, memberId);
    let theirs: bigint;
    try {
      theirs = await transfer.balance(String(memberId), currency);
    } catch (err) {
      return { vassalage, amount: '0', status: 'failed', message: (err as Error).message };
    }
    if (theirs <= 0n) return { vassalage, amount: '0', status: 'nothing', message: 'Nothing to move' };
    const id = await data.insertTransfer(root, {
      merchantId,
      memberId,
      vassalage,
      provider: integration.code,
      direction: 'out',
      amount: theirs,
    });
    const state = await transfer.move({
      transferId: transferId(id),
      playerId: String(memberId),
      direction: 'out',
      amount: theirs,
      currency,
    });
    return apply(id, merchantId, memberId, vassalage, 'out', theirs, state);
  };

  return {
    /** Moves the member's whole main balance into the vendor's wallet (done at launch). */
    async moveAllIn(merchantId: number, memberId: number, vassalage: string): Promise<TransferOutcome> {
      const { balance, currency } = await wallet.balance(merchantId, memberId);
      // Money moved into a game is play: refused for a restricted member or past a wager or loss limit.
      if (balance > 0n) await protection.assertMayPlay({ merchantId, memberId, amount: balance });
      const { integration, transfer } = await api(merchantId, vassalage);
      if (balance <= 0n) return { vassalage, amount: '0', status: 'nothing', message: 'Nothing to move' };
      const id = await data.insertTransfer(root, {
        merchantId,
        memberId,
        vassalage,
        provider: integration.code,
        direction: 'in',
        amount: balance,
      });
      try {
        await wallet.transfer({
          merchantId,
          from: { member: memberId },
          to: { system: 'provider', sub: vassalage },
          amount: balance,
          key: `tr:${id}:in`,
          kind: 'transfer_in',
          reference: transferId(id),
        });
      } catch (err) {
        await data.settleTransfer(root, id, 'failed', (err as Error).message);
        return { vassalage, amount: String(balance), status: 'failed', message: (err as Error).message };
      }
      const state = await transfer.move({
        transferId: transferId(id),
        playerId: String(memberId),
        direction: 'in',
        amount: balance,
        currency,
      });
      return apply(id, merchantId, memberId, vassalage, 'in', balance, state);
    },

    moveAllOut,

    /** GCS_walletTransfer: every transfer-model vendor's balance back to the main wallet. */
    async bringAllHome(merchantId: number, memberId: number): Promise<TransferOutcome[]> {
      const vendors = await registry.transferVendors(merchantId);
      const out: TransferOutcome[] = [];
      for (const v of vendors) out.push(await moveAllOut(merchantId, memberId, v));
      return out;
    },

    checkPending,

    /** Settles what is pending, then compares every recent move's final state with the vendor's. */
    async reconcile(merchantId: number, vassalage: string, days = 7) {
      const { transfer } = await api(merchantId, vassalage);
      const resolvedPending = await checkPending(0, 1000, vassalage);
      const rows = await data.recentTransfers(root, merchantId, vassalage, days);
      const mismatches: { transferId: string; memberId: number; ours: string; theirs: string }[] = [];
      for (const t of rows) {
        const theirs = await transfer.status(transferId(t.id));
        if (theirs !== 'unknown' && theirs !== t.status) {
          mismatches.push({ transferId: transferId(t.id), memberId: t.memberId, ours: t.status, theirs });
        }
      }
      return { vassalage, checkedTransfers: rows.length, resolvedPending, mismatches };
    },
  };
};

export type Transfers = ReturnType<typeof createTransfers>;
