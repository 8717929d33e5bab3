import type { ContractTerms } from '@app/contract';
import type { AppContext } from '../../src/context.ts';
import { gameRounds } from '../../src/db/schema/index.ts';
import type { TestApp } from '../harness.ts';
import { createMerchant } from './merchant.ts';
import { createAgent, createMember, sessionFor, type TestMember } from './wallet.ts';

export interface Actor extends TestMember {
  token: string;
}

const withSession = async (ctx: AppContext, m: TestMember): Promise<Actor> => ({
  ...m,
  token: await sessionFor(ctx, m),
});

/**
 * The tree every agent endpoint's authorization is tested against, seen from `self`:
 *
 *   root ─┬─ parent ─┬─ self ─┬─ child ── grandchild
 *         │          │        └─ childMember
 *         │          └─ sibling ── siblingMember
 *         └─ cousin ── cousinMember            (another branch)
 *   another brand:  foreign ── foreignMember
 */
export const createMatrixTree = async (ctx: AppContext) => {
  const merchantId = await ctx.merchants.resolveId('localhost');
  const root = await withSession(ctx, await createAgent(ctx, { merchantId }));
  const parent = await withSession(ctx, await createAgent(ctx, { merchantId, uplineId: root.id }));
  const self = await withSession(ctx, await createAgent(ctx, { merchantId, uplineId: parent.id }));
  const child = await withSession(ctx, await createAgent(ctx, { merchantId, uplineId: self.id }));
  const grandchild = await withSession(ctx, await createMember(ctx, { merchantId, uplineId: child.id }));
  const childMember = await withSession(ctx, await createMember(ctx, { merchantId, uplineId: self.id }));
  const sibling = await withSession(ctx, await createAgent(ctx, { merchantId, uplineId: parent.id }));
  const siblingMember = await withSession(ctx, await createMember(ctx, { merchantId, uplineId: sibling.id }));
  const cousin = await withSession(ctx, await createAgent(ctx, { merchantId, uplineId: root.id }));
  const cousinMember = await withSession(ctx, await createMember(ctx, { merchantId, uplineId: cousin.id }));
  const foreignHost = `other${Math.random().toString(36).slice(2, 8)}.example`;
  const brand = await createMerchant(ctx, {
    code: `other${Date.now() % 100000}`,
    siteName: 'Other',
    hosts: [foreignHost],
  });
  const foreign = await withSession(ctx, await createAgent(ctx, { merchantId: brand.id }));
  const foreignMember = await withSession(ctx, await createMember(ctx, { merchantId: brand.id, uplineId: foreign.id }));
  return {
    merchantId,
    root,
    parent,
    self,
    child,
    grandchild,
    childMember,
    sibling,
    siblingMember,
    cousin,
    cousinMember,
    foreign,
    foreignMember,
    foreignHost,
  };
};

export const auth = (a: { token: string }) => ({ authorization: `Bearer ${a.token}` });

/** An operator session (the house side of top-level contracts). */
export const operatorToken = async (t: TestApp, username = 'admin', password = 'Admin#2026') => {
  const r = await t.call<{ token: string }>({
    method: 'POST',
    url: '/wps/operator/session/login',
    payload: { username, password },
  });
  if (!r.body.success) throw new Error(`operator login failed: ${r.body.message}`);
  return r.body.value.token;
};

export const DAILY: ContractTerms = {
  kind: 'daily',
  activeThreshold: '1000',
  tiers: [
    { betAmount: '10000', activeMemberCount: 1, profitSalaryRate: 50, lossSalaryRate: 100 },
    { betAmount: '1000000', activeMemberCount: 5, profitSalaryRate: 100, lossSalaryRate: 200 },
  ],
};

export const lowerDaily = (rate: number): ContractTerms => ({
  kind: 'daily',
  activeThreshold: '1000',
  tiers: [{ betAmount: '10000', activeMemberCount: 1, profitSalaryRate: Math.min(rate, 50), lossSalaryRate: rate }],
});

let roundSeq = 0;

/**
 * A closed round as the game-provider feature records it (bet, win, when it ended). Settlement and
 * the team reports read rounds only, so tests place them in whichever period they need.
 */
export const playRound = async (
  ctx: AppContext,
  member: { id: number; merchantId: number },
  r: {
    bet: bigint;
    win: bigint;
    at?: Date;
    gameType?: string;
    refund?: bigint;
    status?: 'closed' | 'open' | 'refunded';
  },
) => {
  const at = r.at ?? new Date();
  const [row] = await ctx.db
    .insert(gameRounds)
    .values({
      merchantId: member.merchantId,
      memberId: member.id,
      provider: 'TEST',
      roundId: `t${process.pid}-${++roundSeq}-${Math.random().toString(36).slice(2, 8)}`,
      vassalage: 'HOUSE',
      gameCode: 'test-slot',
      gameType: r.gameType ?? 'RNG',
      status: r.status ?? 'closed',
      currency: 'BRL',
      betTotal: r.bet,
      winTotal: r.win,
      refundTotal: r.refund ?? 0n,
      startedAt: new Date(at.getTime() - 1000),
      endedAt: r.status === 'open' ? null : at,
    })
    .returning({ id: gameRounds.id });
  return row!.id;
};
