import type { BodyOutput, depositEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { NotificationService } from '../notification/service.ts';
import type { ProtectionService } from '../protection/service.ts';
import type { CreditedDeposit } from '../promotion/service.ts';
import type { UploadService } from '../upload/service.ts';
import { checkRange, requireMerchantWallet } from '../wallet/policy.ts';
import type { WalletRules } from '../wallet/rules/service.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';
import { createGatewayRegistry, type GatewayEvent } from './gateway.ts';
import type { SandboxGateway } from './sandbox/gateway.ts';

type CreateBody = BodyOutput<(typeof depositEndpoints)['create']>;
type Member = { merchantId: number; memberId: number };

/** At most this many deposits may wait for confirmation per member. */
export const MAX_PENDING_DEPOSITS = 5;

export const channelView = (c: data.ChannelRow) => ({
  id: c.id,
  code: c.code,
  kind: c.kind,
  name: c.name,
  minAmount: String(c.minAmount),
  maxAmount: String(c.maxAmount),
  bank: c.kind === 'bank' ? (c.bank ?? null) : null,
  gateway: c.kind === 'gateway' ? ((c.gateway ?? null) as 'sandbox' | null) : null,
});

export const depositView = (d: data.DepositRow, channelName: string) => ({
  id: d.id,
  channelId: d.channelId,
  channelName,
  kind: d.kind,
  amount: String(d.amount),
  currency: d.currency,
  status: d.status,
  reference: d.reference,
  hasProof: d.proofUploadId !== null,
  reason: d.reason,
  createdAt: d.createdAt.toISOString(),
  decidedAt: d.decidedAt?.toISOString() ?? null,
});

export interface DepositDeps {
  db: Db;
  merchants: MerchantService;
  wallet: WalletService;
  walletRules: WalletRules;
  notifications: NotificationService;
  uploads: UploadService;
  /**
   * The bundled sandbox gateway: in demo mode only (decision 051). Without it a sandbox channel is
   * refused, and its pay page and webhook do not exist.
   */
  sandbox: SandboxGateway | null;
  /** Player protection: deposit limits, time-outs and self-exclusion (issue 24). */
  protection: Pick<ProtectionService, 'assertMayDeposit' | 'registerDeposits'>;
  /**
   * Told of every credited deposit inside the crediting transaction, after the money moved (the
   * promotions' first-deposit and deposit triggers, decision 065).
   */
  onCredited?: (tx: Db, deposit: CreditedDeposit) => Promise<void>;
}

/**
 * Deposits (spec §1, §2 depositv2): through a bank channel (an operator confirms or rejects it) or
 * a payment gateway (its signed webhook credits or fails it). Crediting is one database
 * transaction: the deposit row, the turnover requirement, the ledger movement
 * (clearing:<channel> → member, key `dep:<id>`) and the member's message.
 */
export const createDepositService = ({
  db,
  merchants,
  wallet,
  walletRules,
  notifications,
  uploads,
  sandbox,
  protection,
  onCredited,
}: DepositDeps) => {
  // Deposit limits count what was deposited (pending or credited) in their period.
  protection.registerDeposits((tx, memberId, since) => data.sumDepositsSince(tx, memberId, since));
  const gateways = createGatewayRegistry(sandbox ? [sandbox] : []);

  /**
   * A gateway channel needs a loaded adapter. A sandbox channel outside demo mode is refused when
   * created or switched on; switching a leftover one off is always allowed.
   */
  const checkGateway = (kind: 'bank' | 'gateway', gateway: string | null, enabled = true) => {
    if (kind !== 'gateway') return;
    if (gateway === 'sandbox' && !sandbox) {
      if (!enabled) return;
      throw new AppError(
        'SANDBOX_GATEWAY_DEMO_ONLY',
        'The sandbox gateway takes no real payments and exists only in demo mode; choose a real gateway',
        400,
        null,
        { gateway: 'The sandbox gateway exists only in demo mode' },
      );
    }
    if (!gateways.get(gateway ?? '')) {
      throw new AppError('VALIDATION_FAILED', 'Unknown gateway', 400, null, { gateway: 'Unknown gateway' });
    }
  };

  const replay = async (previous: data.DepositRow, body: CreateBody) => {
    if (previous.channelId !== body.channelId || previous.amount !== BigInt(body.amount)) {
      throw conflict('IDEMPOTENCY_CONFLICT', 'This request id was already used for another deposit');
    }
    const channel = await data.findChannel(db, previous.merchantId, previous.channelId);
    return {
      deposit: depositView(previous, channel?.name ?? ''),
      payUrl: previous.status === 'pending' ? previous.payUrl : null,
    };
  };

  /**
   * Credits a pending (or gateway-failed) deposit exactly once. Returns false when it was credited
   * before. The ledger key `dep:<id>` makes a second credit impossible even if two calls race.
   */
  const credit = async (depositId: number, by: { operatorId?: number } = {}): Promise<boolean> => {
    const done = await db.transaction(async (tx) => {
      const d = await data.findDeposit(tx, depositId, { forUpdate: true });
      if (!d) throw notFound('No such deposit');
      if (d.status === 'credited') return null;
      if (d.status === 'rejected') throw conflict('DEPOSIT_DECIDED', 'This deposit was already rejected');
      const channel = (await data.findChannel(tx, d.merchantId, d.channelId))!;
      const first = (await data.countCredited(tx, d.memberId)) === 0;
      await walletRules.onDeposit(tx, d.merchantId, d.memberId, d.amount);
      const moved = await wallet.post({
        merchantId: d.merchantId,
        key: `dep:${d.id}`,
        kind: 'deposit',
        reference: `deposit:${d.id}`,
        memberId: d.memberId,
        meta: { channel: channel.code },
        db: tx,
        legs: [
          { account: { system: 'clearing', sub: channel.code }, amount: -d.amount },
          { account: { member: d.memberId }, amount: d.amount },
        ],
      });
      await data.updateDeposit(tx, d.id, {
        status: 'credited',
        decidedAt: new Date(),
        ledgerTransactionId: moved.transactionId,
        reviewedBy: by.operatorId ?? null,
        reason: null,
      });
      await onCredited?.(tx, {
        merchantId: d.merchantId,
        memberId: d.memberId,
        depositId: d.id,
        amount: d.amount,
        first,
      });
      const params = { amount: String(d.amount), currency: d.currency, depositId: String(d.id) };
      const notice = await notifications.notify(
        { merchantId: d.merchantId, memberId: d.memberId, kind: 'deposit_credited', params },
        tx,
      );
      return { memberId: d.memberId, notice };
    });
    if (!done) return false;
    await notifications.announce(done.memberId, done.notice);
    await notifications.balanceChanged(done.memberId, 'deposit');
    return true;
  };

  /** Ends a pending deposit without money (gateway failure, or an operator's rejection). */
  const fail = async (
    depositId: number,
    reason: string,
    by: { operatorId?: number; status?: 'failed' | 'rejected' } = {},
  ): Promise<boolean> => {
    const done = await db.transaction(async (tx) => {
      const d = await data.findDeposit(tx, depositId, { forUpdate: true });
      if (!d) throw notFound('No such deposit');
      if (d.status !== 'pending') return null;
      await data.updateDeposit(tx, d.id, {
        status: by.status ?? 'failed',
        reason,
        decidedAt: new Date(),
        reviewedBy: by.operatorId ?? null,
      });
      const params = { amount: String(d.amount), currency: d.currency, reason, depositId: String(d.id) };
      const notice = await notifications.notify(
        { merchantId: d.merchantId, memberId: d.memberId, kind: 'deposit_failed', params },
        tx,
      );
      return { memberId: d.memberId, notice };
    });
    if (!done) return false;
    await notifications.announce(done.memberId, done.notice);
    return true;
  };

  return {
    /** Payment gateways by code; real gateways register their adapters here (decision 025). */
    gateways,
    sandbox,
    checkGateway,
    credit,
    fail,

    /** Whether the member has had a deposit credited. */
    hasCredited: async (memberId: number) => (await data.countCredited(db, memberId)) > 0,

    /** A new deposit channel (the console and the demo seed use it). Codes are unique per brand. */
    async addChannel(values: Parameters<typeof data.insertChannel>[1]) {
      checkGateway(values.kind, values.gateway ?? null, values.enabled ?? true);
      const row = await data.insertChannel(db, values);
      if (!row)
        throw new AppError('VALIDATION_FAILED', 'A channel with this code exists', 409, null, {
          code: 'A channel with this code exists',
        });
      return row;
    },

    async channels(merchantId: number) {
      await requireMerchantWallet({ walletRules }, merchantId);
      const rows = await data.listChannels(db, merchantId, true);
      return rows.filter((c) => c.kind === 'bank' || gateways.get(c.gateway ?? '')).map(channelView);
    },

    async create(m: Member, body: CreateBody) {
      await requireMerchantWallet({ walletRules }, m.merchantId);
      const previous = await data.findDepositByRequest(db, m.memberId, body.requestId);
      if (previous) return replay(previous, body);
      const channel = await data.findChannel(db, m.merchantId, body.channelId);
      if (!channel || !channel.enabled) {
        throw new AppError('CHANNEL_UNAVAILABLE', 'This deposit channel is not available', 400, null, {
          channelId: 'Choose another channel',
        });
      }
      const amount = BigInt(body.amount);
      checkRange(amount, channel.minAmount, channel.maxAmount);
      if (channel.kind === 'gateway' && (body.reference || body.proofUploadId)) {
        throw new AppError('VALIDATION_FAILED', 'Gateway deposits take no reference or proof', 400, null, {
          proofUploadId: 'Not for this channel',
        });
      }
      if (body.proofUploadId) await uploads.requireOwned(m.merchantId, m.memberId, body.proofUploadId, 'deposit_proof');
      if ((await data.countPending(db, m.memberId)) >= MAX_PENDING_DEPOSITS) {
        throw conflict(
          'TOO_MANY_PENDING',
          `At most ${MAX_PENDING_DEPOSITS} deposits can wait for confirmation; please wait`,
        );
      }
      const { merchant } = await merchants.brand(m.merchantId);
      const adapter = channel.kind === 'gateway' ? gateways.get(channel.gateway ?? '') : undefined;
      if (channel.kind === 'gateway' && !adapter)
        throw new AppError('CHANNEL_UNAVAILABLE', 'This deposit channel is not available', 400);
      // Judged and recorded under the member's protection lock: concurrent deposits never pass a limit together.
      const row = await db.transaction(async (tx) => {
        await protection.assertMayDeposit({ merchantId: m.merchantId, memberId: m.memberId, amount, db: tx });
        return data.insertDeposit(tx, {
          merchantId: m.merchantId,
          memberId: m.memberId,
          channelId: channel.id,
          kind: channel.kind,
          amount,
          currency: merchant.currency,
          requestId: body.requestId,
          reference: body.reference || null,
          proofUploadId: body.proofUploadId ?? null,
          gateway: adapter?.code ?? null,
        });
      });
      // Lost a race with the same request id: answer what the other one stored.
      if (!row) return replay((await data.findDepositByRequest(db, m.memberId, body.requestId))!, body);
      if (!adapter) return { deposit: depositView(row, channel.name), payUrl: null };
      try {
        const started = await adapter.createPayment({
          merchantOrder: String(row.id),
          amount,
          currency: merchant.currency,
          notifyUrl: `/provider/payments/${adapter.code}/webhook`,
          returnUrl: '/member?page=depositv2',
        });
        const updated = await data.updateDeposit(db, row.id, {
          gatewayRef: started.gatewayRef,
          payUrl: started.payUrl,
        });
        return { deposit: depositView(updated, channel.name), payUrl: started.payUrl };
      } catch {
        await fail(row.id, 'The payment could not be started');
        throw new AppError('GATEWAY_UNAVAILABLE', 'The payment service did not answer; please try again', 502);
      }
    },

    async list(m: Member, q: { status: 'ALL' | data.DepositRow['status']; page: number; pageSize: number }) {
      const { rows, total } = await data.listMemberDeposits(
        db,
        m.memberId,
        q.status === 'ALL' ? null : q.status,
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      return {
        list: rows.map((r) => depositView(r.d, r.channelName)),
        pageNum: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    /**
     * A gateway's callback: verified on the raw body, then matched to its deposit by the gateway's
     * reference, amount, currency and our order id. Anything that does not match changes nothing.
     */
    async webhook(gatewayCode: string, rawBody: string, headers: Record<string, string | string[] | undefined>) {
      const adapter = gateways.get(gatewayCode);
      if (!adapter) throw notFound('Unknown gateway');
      const verdict = adapter.verifyWebhook(rawBody, headers, new Date());
      if (!verdict.ok) throw new AppError('BAD_SIGNATURE', `Callback refused: ${verdict.reason}`, 401);
      const e: GatewayEvent = verdict.event;
      const d = await data.findDepositByGatewayRef(db, gatewayCode, e.gatewayRef);
      if (!d) throw notFound('Unknown payment');
      if (String(d.id) !== e.merchantOrder || d.amount !== e.amount || d.currency !== e.currency) {
        throw new AppError('CALLBACK_MISMATCH', 'The callback does not match the payment', 400);
      }
      if (e.status === 'paid') {
        const applied = await credit(d.id);
        return { received: true, applied };
      }
      return { received: true, applied: await fail(d.id, 'The payment was declined') };
    },
  };
};

export type DepositService = ReturnType<typeof createDepositService>;
