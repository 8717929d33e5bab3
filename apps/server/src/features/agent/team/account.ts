import type { BodyOutput, agentEndpoints } from '@app/contract';
import { AppError } from '../../../http/errors.ts';
import type { AgentSelf } from '../service.ts';
import type { TeamDeps } from './service.ts';

/** Moves money from the agent's wallet to a direct downline's (once per request id). */
export const transferToDownline = async (
  { agents, wallet, notifications }: TeamDeps,
  agent: AgentSelf,
  body: BodyOutput<(typeof agentEndpoints)['transfer']>,
) => {
  const target = await agents.directMember(agent, body.downlineId, 'transfers');
  if (target.status !== 'active') throw new AppError('ACCOUNT_FROZEN', 'This account is not active', 409);
  if (target.type === 4) throw new AppError('TRIAL_NOT_ALLOWED', 'Trial accounts cannot receive money', 409);
  await agents.checkPaymentPassword(agent, body.paymentPassword);
  const amount = BigInt(body.amount);
  const moved = await wallet.transfer({
    merchantId: agent.merchantId,
    key: `agent-transfer:${agent.id}:${body.requestId}`,
    from: { member: agent.id },
    to: { member: target.id },
    amount,
    kind: 'agent_transfer',
    reference: `agent-transfer:${agent.id}:${target.id}`,
    meta: { remark: body.remark },
  });
  if (!moved.replay) {
    await notifications
      .send({
        merchantId: agent.merchantId,
        memberId: target.id,
        kind: 'transfer_received',
        params: { from: agent.nickname || agent.username, amount: amount.toString() },
      })
      .catch(() => undefined);
    await notifications.balanceChanged(target.id, 'agent_transfer').catch(() => undefined);
  }
  return {
    transactionId: moved.transactionId,
    balance: (moved.balance ?? 0n).toString(),
    downline: target.username,
    amount: amount.toString(),
    replay: moved.replay,
  };
};

/** Account details: the agent's own account, balance, team and contracts. */
export const accountDetails = async ({ merchants, wallet, agents, contracts }: TeamDeps, agent: AgentSelf) => {
  const brand = await merchants.brand(agent.merchantId);
  const [balance, upline, counts, held] = await Promise.all([
    wallet.balance(agent.merchantId, agent.id),
    agent.uplineId ? agents.findMember(agent.uplineId) : Promise.resolve(null),
    agents.teamCounts(agent),
    contracts.openReceived(agent.id),
  ]);
  return {
    id: agent.id,
    account: agent.username,
    nickname: agent.nickname,
    type: agent.type,
    upline: upline?.username ?? null,
    affiliateCode: agent.affiliateCode,
    balance: balance.balance.toString(),
    currency: balance.currency,
    createdAt: agent.createdAt.toISOString(),
    lastLoginAt: agent.lastLoginAt?.toISOString() ?? null,
    teamSize: counts.team,
    directCount: counts.direct,
    contracts: held.map((c) => ({
      id: c.id,
      kind: c.kind,
      status: c.status,
      payer: c.payer,
      activeFrom: c.activeFrom?.toISOString() ?? null,
    })),
    timezone: brand.merchant.timezone,
  };
};
