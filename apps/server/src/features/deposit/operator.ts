import type { BodyOutput, depositOperatorEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { OperatorActor } from '../../http/auth.ts';
import type { OperatorService } from '../operator/service.ts';
import * as data from './data.ts';
import { channelView, depositView, type DepositService } from './service.ts';

type ChannelBody = BodyOutput<(typeof depositOperatorEndpoints)['createChannel']>;

const operatorView = (r: NonNullable<Awaited<ReturnType<typeof data.findOperatorDeposit>>>) => ({
  ...depositView(r.d, r.channelName),
  memberId: r.d.memberId,
  username: r.username,
  proofUploadId: r.d.proofUploadId,
  gatewayRef: r.d.gatewayRef,
  reviewedBy: r.reviewer,
});

const operatorChannelView = (c: data.ChannelRow) => ({ ...channelView(c), enabled: c.enabled, sort: c.sort });

export interface DepositDeskDeps {
  db: Db;
  deposits: DepositService;
  operators: OperatorService;
}

/** The deposit review desk and the channel settings of the operator console. */
export const createDepositDesk = ({ db, deposits, operators }: DepositDeskDeps) => {
  const load = async (op: OperatorActor, id: number) => {
    const r = await data.findOperatorDeposit(db, op.merchantId, id);
    if (!r) throw notFound('No such deposit');
    return r;
  };

  const values = (op: OperatorActor, body: ChannelBody) => ({
    merchantId: op.merchantId,
    code: body.code,
    kind: body.kind,
    name: body.name,
    enabled: body.enabled,
    minAmount: BigInt(body.minAmount),
    maxAmount: BigInt(body.maxAmount),
    sort: body.sort,
    bank: body.bank,
    gateway: body.gateway,
  });

  return {
    async list(
      op: OperatorActor,
      q: { status: 'ALL' | data.DepositRow['status']; username?: string | undefined; page: number; pageSize: number },
    ) {
      const { rows, total } = await data.listMerchantDeposits(db, op.merchantId, {
        status: q.status === 'ALL' ? null : q.status,
        username: q.username || null,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        list: rows.map(operatorView),
        pageNum: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    /** Bank transfers only: a gateway deposit is decided by its gateway's signed callback. */
    async confirm(op: OperatorActor, id: number, ip: string) {
      const r = await load(op, id);
      if (r.d.kind !== 'bank') throw conflict('GATEWAY_DEPOSIT', 'Gateway deposits are confirmed by the gateway');
      if (r.d.status !== 'pending' && r.d.status !== 'credited')
        throw conflict('DEPOSIT_DECIDED', `This deposit is already ${r.d.status}`);
      if (await deposits.credit(id, { operatorId: op.operatorId })) {
        await operators.audit(
          op,
          'deposit.confirm',
          String(id),
          { amount: String(r.d.amount), memberId: r.d.memberId },
          ip,
        );
      }
      return operatorView(await load(op, id));
    },

    async reject(op: OperatorActor, id: number, reason: string, ip: string) {
      const r = await load(op, id);
      if (r.d.kind !== 'bank') throw conflict('GATEWAY_DEPOSIT', 'Gateway deposits are decided by the gateway');
      if (r.d.status !== 'pending') throw conflict('DEPOSIT_DECIDED', `This deposit is already ${r.d.status}`);
      if (await deposits.fail(id, reason, { operatorId: op.operatorId, status: 'rejected' })) {
        await operators.audit(
          op,
          'deposit.reject',
          String(id),
          { amount: String(r.d.amount), memberId: r.d.memberId, reason },
          ip,
        );
      }
      return operatorView(await load(op, id));
    },

    async channels(op: OperatorActor) {
      return (await data.listChannels(db, op.merchantId, false)).map(operatorChannelView);
    },

    async createChannel(op: OperatorActor, body: ChannelBody, ip: string) {
      const row = await deposits.addChannel(values(op, body));
      await operators.audit(op, 'deposit.channel.create', String(row.id), { ...body }, ip);
      return operatorChannelView(row);
    },

    async updateChannel(op: OperatorActor, id: number, body: ChannelBody, ip: string) {
      const existing = await data.findChannel(db, op.merchantId, id);
      if (!existing) throw notFound('No such channel');
      if (existing.code !== body.code) {
        // The code names the channel's clearing account in the ledger: it stays.
        throw new AppError('VALIDATION_FAILED', 'A channel’s code cannot change', 400, null, {
          code: 'A channel’s code cannot change',
        });
      }
      deposits.checkGateway(body.kind, body.gateway, body.enabled);
      const row = await data.updateChannel(db, op.merchantId, id, values(op, body));
      await operators.audit(op, 'deposit.channel.update', String(id), { ...body }, ip);
      return operatorChannelView(row!);
    },
  };
};

export type DepositDesk = ReturnType<typeof createDepositDesk>;
