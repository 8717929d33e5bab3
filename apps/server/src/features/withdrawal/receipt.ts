import type { BodyOutput, withdrawalEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { UploadService } from '../upload/service.ts';
import * as data from './data.ts';
import { withdrawalView } from './views.ts';

type ConfirmBody = BodyOutput<(typeof withdrawalEndpoints)['confirm']>;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, 400, null, { [field]: message });

/**
 * The member's receipt of a paid withdrawal (spec §3, §4): received, partly received (with what
 * arrived; the rest is the remaining amount) or not received (a proof image is required). The last
 * two open a case for the operator. After the brand's minutes without an answer, the auto-confirm
 * job settles it as received; a forced receipt means nothing is refunded.
 */
export const createReceipts = ({ db, uploads }: { db: Db; uploads: UploadService }) => ({
  async confirmReceipt(m: { merchantId: number; memberId: number }, id: number, body: ConfirmBody) {
    const w0 = await data.findWithdrawal(db, m.merchantId, id);
    if (!w0 || w0.memberId !== m.memberId) throw notFound('No such withdrawal');
    let received: bigint;
    if (body.result === 'received') received = w0.amount;
    else if (body.result === 'not_received') {
      if (!body.proofUploadId) throw fieldError('proofUploadId', 'Upload a proof image (png or jpg, at most 5 MB)');
      received = 0n;
    } else {
      if (body.receivedAmount === undefined) throw fieldError('receivedAmount', 'Enter the amount that arrived');
      received = BigInt(body.receivedAmount);
      if (received <= 0n || received >= w0.amount)
        throw fieldError('receivedAmount', 'Partly received is more than nothing and less than the whole amount');
    }
    if (body.proofUploadId)
      await uploads.requireOwned(m.merchantId, m.memberId, body.proofUploadId, 'withdrawal_proof');
    const row = await db.transaction(async (tx) => {
      const w = (await data.findWithdrawal(tx, m.merchantId, id, { forUpdate: true }))!;
      if (w.status !== 'paid')
        throw conflict(
          'WITHDRAWAL_STATE',
          w.status === 'completed' ? 'This withdrawal is already settled' : 'This withdrawal has not been paid yet',
        );
      if (w.receipt) throw conflict('RECEIPT_GIVEN', 'You already answered for this withdrawal');
      if (w.confirmDeadline && w.confirmDeadline.getTime() <= Date.now()) {
        throw conflict('RECEIPT_CLOSED', 'The time to answer has passed: it counts as received');
      }
      const claim = body.result !== 'received';
      return data.updateWithdrawal(tx, w.id, {
        receipt: body.result,
        receivedAmount: received,
        remainingAmount: w.amount - received,
        proofUploadId: body.proofUploadId ?? null,
        note: body.note ?? null,
        confirmedAt: new Date(),
        status: claim ? 'paid' : 'completed',
        caseStatus: claim ? 'open' : null,
      });
    });
    return withdrawalView(row);
  },

  /** The auto-confirm job's work for one withdrawal, in the job's transaction: exactly once, whatever runs it. */
  autoConfirm: (withdrawalId: number, now: Date, tx: Db) => data.autoConfirm(tx, withdrawalId, now),
});
