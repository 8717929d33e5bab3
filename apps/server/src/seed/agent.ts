import type { ContractTerms } from '@app/contract';
import type { AppContext } from '../context.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';

/** The house's demo contracts with the demo agent (agent01), who passes a daily salary on to subagent01. */
export const DEMO_CONTRACTS: ContractTerms[] = [
  {
    kind: 'daily',
    activeThreshold: '1000',
    tiers: [
      { betAmount: '100000', activeMemberCount: 1, profitSalaryRate: 30, lossSalaryRate: 60 },
      { betAmount: '1000000', activeMemberCount: 5, profitSalaryRate: 50, lossSalaryRate: 100 },
    ],
  },
  {
    kind: 'hourly',
    activeThreshold: '1000',
    tiers: [{ betAmount: '50000', activeMemberCount: 1, profitSalaryRate: 10, lossSalaryRate: 20 }],
  },
  {
    kind: 'realtime',
    tiers: [
      { singleBetAmount: '1000', profitSalaryRate: 5, lossSalaryRate: 10 },
      { singleBetAmount: '10000', profitSalaryRate: 10, lossSalaryRate: 20 },
    ],
  },
  {
    kind: 'dividend',
    periodType: 'W',
    activeThreshold: '5000',
    tiers: [
      { periodValidBet: '500000', periodProfitLoss: '10000', activeMemberCount: 3, rate: 1500 },
      { periodValidBet: '5000000', periodProfitLoss: '100000', activeMemberCount: 10, rate: 2500 },
    ],
  },
];

const SUB_DAILY: ContractTerms = {
  kind: 'daily',
  activeThreshold: '1000',
  tiers: [{ betAmount: '100000', activeMemberCount: 1, profitSalaryRate: 20, lossSalaryRate: 40 }],
};

/** Demo agent contracts and announcements, made through the agent feature's own operations. */
export const seedAgent = async ({
  operators,
  merchants,
  accounts,
  agents,
  agentContracts,
  agentAnnouncements,
}: Pick<AppContext, 'operators' | 'merchants' | 'accounts' | 'agents' | 'agentContracts' | 'agentAnnouncements'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const agentRow = await accounts.findByUsername(merchantId, DEMO_ACCOUNTS.agent.username);
  const subRow = await accounts.findByUsername(merchantId, DEMO_ACCOUNTS.subAgent.username);
  const admin = await operators.findByUsername(merchantId, 'admin');
  if (!agentRow || !subRow || !admin) return;
  const house = { kind: 'house' as const, merchantId, operatorId: admin.id };
  const agent = { kind: 'agent' as const, agent: await agents.byId(agentRow.id) };
  const sub = { kind: 'agent' as const, agent: await agents.byId(subRow.id) };
  for (const terms of DEMO_CONTRACTS) {
    const offer = await agentContracts.offer(house, { downlineId: agentRow.id, terms, note: 'Demo terms' });
    await agentContracts.act(agent, { contractId: offer.id, action: 'accept', confirmCascade: false });
  }
  const subOffer = await agentContracts.offer(agent, {
    downlineId: subRow.id,
    terms: SUB_DAILY,
    note: 'Welcome to the team',
  });
  await agentContracts.act(sub, { contractId: subOffer.id, action: 'accept', confirmCascade: false });

  await agentAnnouncements.create(
    { merchantId, operatorId: admin.id },
    {
      title: { PT: 'Novas taxas de salário diário', EN: 'New daily salary rates' },
      content: {
        PT: 'A partir desta semana, equipes com 5 membros ativos recebem até 1% do volume válido.',
        EN: 'From this week, teams with 5 active members earn up to 1% of valid bets.',
      },
      pinned: true,
      enabled: true,
    },
  );
  await agentAnnouncements.create(
    { merchantId, operatorId: admin.id },
    {
      title: { PT: 'Como funciona o envelope vermelho', EN: 'How red envelopes work' },
      content: {
        PT: 'Envie um valor aos seus subordinados diretos; cada um abre uma vez e o que sobrar volta para você quando expirar.',
        EN: 'Send an amount to your direct downlines; each opens it once and whatever is left returns to you when it expires.',
      },
      pinned: false,
      enabled: true,
    },
  );
};
