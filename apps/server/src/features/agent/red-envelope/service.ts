import type { BodyOutput, agentEndpoints } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { NotificationService } from '../../notification/service.ts';
import type { WalletService } from '../../wallet/service.ts';
import type { AgentSelf, AgentService } from '../service.ts';
import * as data from './data.ts';
import { splitShares } from './split.ts';

/**
 * Red envelopes: an agent shares an amount among its direct downlines, equally or at random.
 * Sending moves the whole amount from the agent's wallet into the house's red-envelope clearing
 * account; each claim moves one share out to the claimer, once per member; when the envelope
 * expires, whatever is left goes back to the sender. Every movement goes through the wallet with
 * its own idempotency key, in the same transaction as the envelope's own rows.
 */

const ESCROW = { system: 'clearing' as const, sub: 'RED_ENVELOPE' };
type SendBody = BodyOutput<(typeof agentEndpoints)['sendRedEnvelope']>;
type Viewer = { memberId: number } | null;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, 400, null, { [field]: message });

export interface RedEnvelopeDeps {
  db: Db;
  wallet: Pick<WalletService, 'transfer' | 'findByKey'>;
  notifications: Pick<NotificationService, 'send' | 'balanceChanged'>;
  agents: AgentService;
}

export const createRedEnvelopeService = ({ db, wallet, notifications, agents }: RedEnvelopeDeps) => {
  const envelopeViews = async (rows: readonly data.EnvelopeRow[], viewer: Viewer) => {
    const senders = new Map(
      (await agents.findMembers([...new Set(rows.map((r) => r.senderId))])).map((m) => [m.id, m]),
    );
    const mine = viewer
      ? await data.myClaims(
          db,
          viewer.memberId,
          rows.map((r) => r.id),
        )
      : new Map<number, bigint>();
    return rows.map((r) => ({
      id: r.id,
      sender: {
        id: r.senderId,
        account: senders.get(r.senderId)?.username ?? '',
        nickname: senders.get(r.senderId)?.nickname ?? null,
      },
      totalAmount: r.totalAmount.toString(),
      shareCount: r.shareCount,
      split: r.split,
      message: r.message,
      claimedCount: r.claimedCount,
      claimedAmount: r.claimedAmount.toString(),
      refundedAmount: r.refundedAmount.toString(),
      status: r.status,
      expiresAt: r.expiresAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      myClaim: mine.get(r.id)?.toString() ?? null,
    }));
  };

  return {
    async send(agent: AgentSelf, body: SendBody) {
      const total = BigInt(body.totalAmount);
      const eligible = await data.eligibleDirect(db, agent.id, body.recipients);
      if (body.recipients) {
        const ok = new Set(eligible.map((e) => e.id));
        const stranger = body.recipients.find((id) => !ok.has(id));
        if (stranger !== undefined)
          throw new AppError('NOT_FOUND', 'Red envelopes go to your own active direct downlines only', 404);
      }
      if (!eligible.length)
        throw new AppError('NO_RECIPIENTS', 'You have no direct downline who can receive a red envelope', 409);
      if (body.shareCount > eligible.length) {
        throw fieldError('shareCount', `At most ${eligible.length} shares: each downline can claim once`);
      }
      let shares: bigint[];
      try {
        shares = splitShares(total, body.shareCount, body.split);
      } catch (err) {
        throw fieldError('totalAmount', (err as Error).message);
      }
      await agents.checkPaymentPassword(agent, body.paymentPassword);

      const key = `redenv:send:${agent.id}:${body.requestId}`;
      const earlier = await wallet.findByKey(agent.merchantId, key);
      if (earlier) {
        const id = Number(String(earlier.reference ?? '').replace('red-envelope:', ''));
        const again = id ? await data.findEnvelope(db, id) : null;
        if (again && again.senderId === agent.id) return (await envelopeViews([again], null))[0]!;
        throw new AppError('IDEMPOTENCY_CONFLICT', 'This request id was already used', 409);
      }
      const row = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const created = await data.insertEnvelope(tx, {
          merchantId: agent.merchantId,
          senderId: agent.id,
          totalAmount: total,
          shareCount: body.shareCount,
          split: body.split,
          shares: shares.map(String),
          message: body.message,
          recipients: body.recipients ?? null,
          expiresAt: new Date(Date.now() + body.expiresInHours * 3_600_000),
        });
        await wallet.transfer({
          db: tx,
          merchantId: agent.merchantId,
          key,
          from: { member: agent.id },
          to: ESCROW,
          amount: total,
          kind: 'red_envelope_send',
          reference: `red-envelope:${created.id}`,
          meta: { shares: body.shareCount, split: body.split },
        });
        return created;
      });
      for (const e of eligible) {
        await notifications
          .send({
            merchantId: agent.merchantId,
            memberId: e.id,
            kind: 'red_envelope',
            params: { from: agent.nickname || agent.username, envelopeId: String(row.id) },
          })
          .catch(() => undefined);
      }
      return (await envelopeViews([row], null))[0]!;
    },

    /** A direct downline claims its share: once per member, while shares are left and before expiry. */
    async claim(actor: { merchantId: number; memberId: number }, id: number) {
      const me = await agents.findMember(actor.memberId);
      const result = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const env = await data.findEnvelope(tx, id, true);
        const addressed =
          env &&
          me &&
          env.merchantId === actor.merchantId &&
          me.uplineId === env.senderId &&
          (!env.recipients || env.recipients.includes(me.id));
        if (!env || !addressed) throw new AppError('NOT_FOUND', 'No such red envelope', 404);
        if ((await data.myClaims(tx, me.id, [env.id])).has(env.id)) {
          throw new AppError('RED_ENVELOPE_CLAIMED', 'You have already opened this red envelope', 409);
        }
        if (env.status === 'expired' || env.expiresAt.getTime() <= Date.now()) {
          throw new AppError('RED_ENVELOPE_EXPIRED', 'This red envelope has expired', 409);
        }
        if (env.status === 'finished' || env.claimedCount >= env.shareCount) {
          throw new AppError('RED_ENVELOPE_EMPTY', 'All shares of this red envelope have been claimed', 409);
        }
        const shareIndex = env.claimedCount;
        const amount = BigInt(env.shares[shareIndex]!);
        const claim = await data.insertClaim(tx, { envelopeId: env.id, memberId: me.id, shareIndex, amount });
        if (!claim) throw new AppError('RED_ENVELOPE_CLAIMED', 'You have already opened this red envelope', 409);
        const done = shareIndex + 1 >= env.shareCount;
        const updated = await data.updateEnvelope(tx, env.id, {
          claimedCount: shareIndex + 1,
          claimedAmount: env.claimedAmount + amount,
          ...(done ? { status: 'finished', closedAt: new Date() } : {}),
        });
        const moved = await wallet.transfer({
          db: tx,
          merchantId: env.merchantId,
          key: `redenv:claim:${env.id}:${me.id}`,
          from: ESCROW,
          to: { member: me.id },
          amount,
          kind: 'red_envelope_claim',
          reference: `red-envelope:${env.id}`,
        });
        return { updated, amount, balance: moved.balance ?? 0n };
      });
      await notifications.balanceChanged(actor.memberId, 'red_envelope').catch(() => undefined);
      const [envelope] = await envelopeViews([result.updated], { memberId: actor.memberId });
      return { envelope: envelope!, amount: result.amount.toString(), balance: result.balance.toString() };
    },

    /** Returns what expired envelopes still hold to their senders (job, in the job's transaction `tx`). */
    async expire(tx: Db, now: Date) {
      for (const { id } of await data.dueToExpire(tx, now, 500)) {
        await tx.transaction(async (t) => {
          const sp = t as unknown as Db;
          const env = await data.findEnvelope(sp, id, true);
          if (!env || env.status !== 'open') return;
          const left = env.totalAmount - env.claimedAmount;
          if (left > 0n) {
            await wallet.transfer({
              db: sp,
              merchantId: env.merchantId,
              key: `redenv:refund:${env.id}`,
              from: ESCROW,
              to: { member: env.senderId },
              amount: left,
              kind: 'red_envelope_refund',
              reference: `red-envelope:${env.id}`,
            });
          }
          await data.updateEnvelope(sp, env.id, { status: 'expired', refundedAmount: left, closedAt: now });
        });
      }
    },

    async listSent(
      agent: AgentSelf,
      q: { status?: data.EnvelopeRow['status'] | undefined; page: number; pageSize: number },
    ) {
      const { rows, total } = await data.listSent(db, {
        senderId: agent.id,
        status: q.status,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        list: await envelopeViews(rows, null),
        pageNum: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    async detail(agent: AgentSelf, id: number) {
      const env = await data.findEnvelope(db, id);
      if (!env || env.senderId !== agent.id) throw new AppError('NOT_FOUND', 'No such red envelope', 404);
      const [view] = await envelopeViews([env], null);
      const claims = await data.claimsOf(db, env.id);
      const names = env.recipients ? (await agents.findMembers(env.recipients)).map((m) => m.username) : null;
      return {
        ...view!,
        claims: claims.map((c) => ({
          account: c.account,
          amount: c.amount.toString(),
          claimedAt: c.claimedAt.toISOString(),
        })),
        recipients: names,
      };
    },

    /** Envelopes from the member's upline that it may open or has opened. */
    async listForMember(actor: { memberId: number }, q: { page: number; pageSize: number }) {
      const me = await agents.findMember(actor.memberId);
      if (!me?.uplineId) return { list: [], pageNum: q.page, pageSize: q.pageSize, total: 0, totalPages: 0 };
      const { rows, total } = await data.listForRecipient(db, {
        memberId: me.id,
        uplineId: me.uplineId,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        list: await envelopeViews(rows, actor),
        pageNum: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },
  };
};

export type RedEnvelopeService = ReturnType<typeof createRedEnvelopeService>;
