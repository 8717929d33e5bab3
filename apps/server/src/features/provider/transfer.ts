import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { WalletService } from '../wallet/service.ts';
import type { TransferState } from './adapters.ts';
import * as data from './data.ts';
import type { Registry } from './service.ts';

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

export class Transfers {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly registry: Registry,
  ) {}

  private async api(merchantId: number, vassalage: string) {
    const v = await this.registry.switches(merchantId, vassalage);
    const integration = v ? this.registry.integration(v.provider) : undefined;
    if (!v || v.walletModel !== 'transfer' || !integration?.adapter.transfer) {
      throw new AppError('NOT_TRANSFER_VENDOR', `${vassalage} does not use a transfer wallet`, 400);
    }
    return { integration, transfer: integration.adapter.transfer };
  }

  /** Moves the member's whole main balance into the vendor's wallet (done at launch). */
  async moveAllIn(merchantId: number, memberId: number, vassalage: string): Promise<TransferOutcome> {
    const { integration, transfer } = await this.api(merchantId, vassalage);
    const { balance, currency } = await this.wallet.balance(merchantId, memberId);
    if (balance <= 0n) return { vassalage, amount: '0', status: 'nothing', message: 'Nothing to move' };
    const row = await data.insertTransfer(this.db, {
      merchantId,
      memberId,
      vassalage,
      provider: integration.code,
      direction: 'in',
      amount: balance,
    });
    const id = data.num(row!.id);
    try {
      await this.wallet.transfer({
        merchantId,
        from: { member: memberId },
        to: { system: 'provider', sub: vassalage },
        amount: balance,
        key: `tr:${id}:in`,
        kind: 'transfer_in',
        reference: transferId(id),
      });
    } catch (err) {
      await data.settleTransfer(this.db, id, 'failed', (err as Error).message);
      return { vassalage, amount: String(balance), status: 'failed', message: (err as Error).message };
    }
    const state = await transfer.move({
      transferId: transferId(id),
      playerId: String(memberId),
      direction: 'in',
      amount: balance,
      currency,
    });
    return this.apply(id, merchantId, memberId, vassalage, 'in', balance, state);
  }

  /** Brings the vendor's balance for the member back to the main wallet. */
  async moveAllOut(merchantId: number, memberId: number, vassalage: string): Promise<TransferOutcome> {
    const { integration, transfer } = await this.api(merchantId, vassalage);
    const { currency } = await this.wallet.balance(merchantId, memberId);
    let theirs: bigint;
    try {
      theirs = await transfer.balance(String(memberId), currency);
    } catch (err) {
      return { vassalage, amount: '0', status: 'failed', message: (err as Error).message };
    }
    if (theirs <= 0n) return { vassalage, amount: '0', status: 'nothing', message: 'Nothing to move' };
    const row = await data.insertTransfer(this.db, {
      merchantId,
      memberId,
      vassalage,
      provider: integration.code,
      direction: 'out',
      amount: theirs,
    });
    const id = data.num(row!.id);
    const state = await transfer.move({
      transferId: transferId(id),
      playerId: String(memberId),
      direction: 'out',
      amount: theirs,
      currency,
    });
    return this.apply(id, merchantId, memberId, vassalage, 'out', theirs, state);
  }

  /** Applies what the vendor said about a move; 'unknown' leaves it pending. Safe to repeat. */
  private async apply(
    id: number,
    merchantId: number,
    memberId: number,
    vassalage: string,
    direction: 'in' | 'out',
    amount: bigint,
    state: TransferState,
    db: Db = this.db,
  ): Promise<TransferOutcome> {
    const base = { vassalage, amount: String(amount) };
    if (state === 'unknown') {
      await data.touchTransfer(db, id, 'waiting for the vendor');
      return { ...base, status: 'pending', message: 'The vendor has not confirmed yet; it will be checked again' };
    }
    if (state === 'succeeded' && direction === 'out') {
      await this.wallet.transfer({
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
    if (state === 'failed' && direction === 'in' && (await this.wallet.findByKey(merchantId, `tr:${id}:in`, db))) {
      await this.wallet.transfer({
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
  }

  /** GCS_walletTransfer: every transfer-model vendor's balance back to the main wallet. */
  async bringAllHome(merchantId: number, memberId: number): Promise<TransferOutcome[]> {
    const vendors = await this.registry.transferVendors(merchantId);
    const out: TransferOutcome[] = [];
    for (const v of vendors) out.push(await this.moveAllOut(merchantId, memberId, v));
    return out;
  }

  /**
   * The status check: asks the vendor about moves still pending after `olderThanSeconds`. `db` is
   * the job runner's transaction when the check runs as a job.
   */
  async checkPending(olderThanSeconds = 10, limit = 100, vassalage?: string, db: Db = this.db): Promise<number> {
    let resolved = 0;
    for (const t of await data.pendingTransfers(db, olderThanSeconds, limit, vassalage)) {
      const integration = this.registry.integration(t.provider as string);
      const api = integration?.adapter.transfer;
      if (!api) continue;
      const state = await api.status(transferId(data.num(t.id)));
      const r = await this.apply(
        data.num(t.id),
        data.num(t.merchant_id),
        data.num(t.member_id),
        t.vassalage as string,
        t.direction as 'in' | 'out',
        data.big(t.amount),
        state,
        db,
      );
      if (r.status !== 'pending') resolved++;
    }
    return resolved;
  }

  /** Settles what is pending, then compares every recent move's final state with the vendor's. */
  async reconcile(merchantId: number, vassalage: string, days = 7) {
    const { transfer } = await this.api(merchantId, vassalage);
    const resolvedPending = await this.checkPending(0, 1000, vassalage);
    const rows = await data.recentTransfers(this.db, merchantId, vassalage, days);
    const mismatches: { transferId: string; memberId: number; ours: string; theirs: string }[] = [];
    for (const t of rows) {
      const theirs = await transfer.status(transferId(data.num(t.id)));
      if (theirs !== 'unknown' && theirs !== t.status) {
        mismatches.push({
          transferId: transferId(data.num(t.id)),
          memberId: data.num(t.member_id),
          ours: t.status as string,
          theirs,
        });
      }
    }
    return { vassalage, checkedTransfers: rows.length, resolvedPending, mismatches };
  }
}
