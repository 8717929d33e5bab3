import { MemberType } from '@app/contract';
import type { AppContext } from '../context.ts';
import { writeDemoHistory } from '../features/wallet/demo-history/data.ts';
import { PAYOUT_CLEARING } from '../features/withdrawal/review.ts';
import { hashPassword } from '../lib/password.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { DEMO_CHANNELS } from './wallet.ts';

/**
 * Demo history (decision 083): several weeks of backdated play for a crowd of demo members, so the
 * dashboard, the reports, the agent centre and the member pages look alive from the first start.
 *
 * Demo data only: it runs from seedDemo, which runs only when demo data is seeded on an empty
 * database (production refuses SEED_DEMO_DATA), and it skips itself when its members exist.
 *
 * Everything is written set-based, in one transaction, in a handful of statements: the members
 * (under the demo agents and two new sub-agents), their wallets and bank accounts, credited
 * deposits, completed withdrawals, closed rounds across game types and vendors, and for every money
 * movement a balanced ledger transaction with the kind, key, reference and legs the live code
 * uses (`dep:<id>`, `wd:<id>:hold`, `wd:<id>:payout`, bets and wins on the house's sub-accounts).
 * The ledger stamps movements with the current time, so these postings are written the way
 * ledger_post_moves writes its batches: `ledger.applied` set for the statements, each account's net
 * change applied once, postings numbered in time order with their running balance_after. The
 * amounts keep every member balance at or above zero at every step: each active day starts with a
 * deposit that covers the day's stakes, and a withdrawal takes at most half the day's wins.
 */
export const DEMO_HISTORY = {
  days: 35,
  members: 150,
  /** Usernames: hist001 … hist150 (password demo1234). */
  prefix: 'hist',
  password: 'demo1234',
  /** Two more sub-agents under agent01, so the agent centre shows a team of teams. */
  agents: [
    { username: 'subagent02', password: 'agent1234', affiliateCode: 'LOTUS03', nickname: 'Equipe Norte' },
    { username: 'subagent03', password: 'agent1234', affiliateCode: 'LOTUS04', nickname: 'Equipe Sul' },
  ],
  /** The ledger keys and round ids of the history start with this (never a live provider's). */
  provider: 'demo-history',
} as const;

export const firstHistoryMember = () => `${DEMO_HISTORY.prefix}001`;

/** Seeds the demo history once; returns false when it was there already (or the demo accounts are not). */
export const seedHistory = async (
  ctx: Pick<AppContext, 'db' | 'merchants' | 'accounts' | 'operators' | 'agentStats'>,
  now = new Date(),
): Promise<boolean> => {
  const { db, merchants, accounts, operators, agentStats } = ctx;
  const merchantId = await merchants.resolveId(undefined);
  if (await accounts.findByUsername(merchantId, firstHistoryMember())) return false;
  const agent = await accounts.findByUsername(merchantId, DEMO_ACCOUNTS.agent.username);
  const sub = await accounts.findByUsername(merchantId, DEMO_ACCOUNTS.subAgent.username);
  const admin = await operators.findByUsername(merchantId, 'admin');
  if (!agent || !sub || !admin) return false;

  // Under the sub-agents only: agent01's own direct list stays short (the agent centre's e2e spec
  // finds a sub-agent it registers on that list's first page).
  const uplines = [sub.id];
  for (const a of DEMO_HISTORY.agents) {
    const found = await accounts.findByUsername(merchantId, a.username);
    const created =
      found ??
      (await accounts.createMember({
        merchantId,
        username: a.username,
        password: a.password,
        type: MemberType.AGENT_2,
        uplineId: agent.id,
        affiliateCode: a.affiliateCode,
        nickname: a.nickname,
      }));
    uplines.push(created.id);
  }
  const { timezone } = (await merchants.brand(merchantId)).merchant;
  const passwordHash = await hashPassword(DEMO_HISTORY.password);
  const p = {
    merchantId,
    timezone,
    days: DEMO_HISTORY.days,
    members: DEMO_HISTORY.members,
    prefix: DEMO_HISTORY.prefix,
    provider: DEMO_HISTORY.provider,
    passwordHash,
    uplines: `{${uplines.join(',')}}`,
    adminId: admin.id,
    channel: DEMO_CHANNELS.bank.code,
    payoutClearing: PAYOUT_CLEARING,
    now: now.toISOString(),
  };

  await writeDemoHistory(db, p);

  // 5. The agents' figures: every past day's rounds into member_daily_stats (the agent.stats job
  //    adds the ledger's deposits and withdrawals from its cursor on its next run).
  await db.transaction((tx) =>
    agentStats.rollupDays(tx, { id: merchantId, timezone }, new Date(now.getTime() - (p.days + 1) * 86_400_000), now),
  );
  return true;
};
