import type { BodyOutput, depositOperatorEndpoints } from '@app/contract';
import type { AppContext } from '../../context.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { audit } from '../operator/service.ts';
import type { OperatorActor } from '../../http/auth.ts';
import * as data from './data.ts';
import { channelView, depositView } from './service.ts';

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

/** The deposit review desk and the channel settings of the operator console. */
export class DepositDesk {
  constructor(private readonly ctx: AppContext) {}

  async list(op: OperatorActor, q: { status: string; username?: string | undefined; page: number; pageSize: number }) {
    const { rows, total } = await data.listMerchantDeposits(this.ctx.db, op.merchantId, {
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
  }

  private async load(op: OperatorActor, id: number) {
    const r = await data.findOperatorDeposit(this.ctx.db, op.merchantId, id);
    if (!r) throw notFound('No such deposit');
    return r;
  }

  /** Bank transfers only: a gateway deposit is decided by its gateway's signed callback. */
  async confirm(op: OperatorActor, id: number, ip: string) {
    const r = await this.load(op, id);
    if (r.d.kind !== 'bank') throw conflict('GATEWAY_DEPOSIT', 'Gateway deposits are confirmed by the gateway');
    if (r.d.status !== 'pending' && r.d.status !== 'credited')
      throw conflict('DEPOSIT_DECIDED', `This deposit is already ${r.d.status}`);
    if (await this.ctx.deposits.credit(id, { operatorId: op.operatorId })) {
      await audit(
        this.ctx.db,
        op,
        'deposit.confirm',
        String(id),
        { amount: String(r.d.amount), memberId: r.d.memberId },
        ip,
      );
    }
    return operatorView(await this.load(op, id));
  }

  async reject(op: OperatorActor, id: number, reason: string, ip: string) {
    const r = await this.load(op, id);
    if (r.d.kind !== 'bank') throw conflict('GATEWAY_DEPOSIT', 'Gateway deposits are decided by the gateway');
    if (r.d.status !== 'pending') throw conflict('DEPOSIT_DECIDED', `This deposit is already ${r.d.status}`);
    if (await this.ctx.deposits.fail(id, reason, { operatorId: op.operatorId, status: 'rejected' })) {
      await audit(
        this.ctx.db,
        op,
        'deposit.reject',
        String(id),
        { amount: String(r.d.amount), memberId: r.d.memberId, reason },
        ip,
      );
    }
    return operatorView(await this.load(op, id));
  }

  async channels(op: OperatorActor) {
    return (await data.listChannels(this.ctx.db, op.merchantId, false)).map(operatorChannelView);
  }

  private values(op: OperatorActor, body: ChannelBody) {
    return {
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
    };
  }

  async createChannel(op: OperatorActor, body: ChannelBody, ip: string) {
    const row = await this.ctx.deposits.addChannel(this.values(op, body));
    await audit(this.ctx.db, op, 'deposit.channel.create', String(row.id), { ...body }, ip);
    return operatorChannelView(row);
  }

  async updateChannel(op: OperatorActor, id: number, body: ChannelBody, ip: string) {
    const existing = await data.findChannel(this.ctx.db, op.merchantId, id);
    if (!existing) throw notFound('No such channel');
    if (existing.code !== body.code) {
      // The code names the channel's clearing account in the ledger: it stays.
      throw new AppError('VALIDATION_FAILED', 'A channel’s code cannot change', 400, null, {
        code: 'A channel’s code cannot change',
      });
    }
    this.ctx.deposits.checkGateway(body.kind, body.gateway);
    const row = await data.updateChannel(this.ctx.db, op.merchantId, id, this.values(op, body));
    await audit(this.ctx.db, op, 'deposit.channel.update', String(id), { ...body }, ip);
    return operatorChannelView(row!);
  }
}
