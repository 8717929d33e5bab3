import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context.ts';
import { members } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { createOperator } from '../../src/features/operator/service.ts';

/**
 * Members, agents and agent trees for wallet tests, written the way the accounts service writes
 * them (a row with its place in the tree as a materialised path '/1/5/9/'). Password hashes are
 * computed once per process: argon2id is deliberately slow.
 */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (plain: string) => {
  let h = hashes.get(plain);
  if (!h) {
    h = hashPassword(plain);
    hashes.set(plain, h);
  }
  return h;
};

export const MEMBER_PASSWORD = 'Secret123';
export const PAYMENT_PASSWORD = '246810';
let seq = 0;

export interface MemberInput {
  merchantId?: number;
  username?: string;
  /** 0 member, 1/2/41/42 agent, 4 trial. */
  type?: number;
  uplineId?: number | null;
  payeeName?: string | null;
  /** Payment password in clear; null for none. Defaults to PAYMENT_PASSWORD. */
  paymentPassword?: string | null;
  status?: string;
}

export interface TestMember {
  id: number;
  merchantId: number;
  username: string;
  type: number;
  treePath: string;
}

export const createMember = async (ctx: AppContext, input: MemberInput = {}): Promise<TestMember> => {
  const merchantId = input.merchantId ?? (await ctx.merchants.resolveId('localhost'));
  const username = input.username ?? `m${process.pid % 1000}x${++seq}x${Math.floor(Math.random() * 1e6)}`;
  let parentPath = '/';
  let depth = 0;
  if (input.uplineId) {
    const [up] = await ctx.db.select().from(members).where(eq(members.id, input.uplineId));
    if (!up) throw new Error(`no upline ${input.uplineId}`);
    parentPath = up.treePath;
    depth = up.depth + 1;
  }
  const paymentPassword = input.paymentPassword === undefined ? PAYMENT_PASSWORD : input.paymentPassword;
  const [row] = await ctx.db
    .insert(members)
    .values({
      merchantId,
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: await hashOnce(MEMBER_PASSWORD),
      paymentPasswordHash: paymentPassword ? await hashOnce(paymentPassword) : null,
      type: input.type ?? 0,
      status: input.status ?? 'active',
      uplineId: input.uplineId ?? null,
      treePath: '',
      depth,
      payeeName: input.payeeName ?? null,
    })
    .returning();
  const treePath = `${parentPath}${row!.id}/`;
  await ctx.db.update(members).set({ treePath }).where(eq(members.id, row!.id));
  return { id: row!.id, merchantId, username, type: row!.type, treePath };
};

export const createAgent = (ctx: AppContext, input: MemberInput = {}) => createMember(ctx, { type: 1, ...input });

/**
 * A small agent tree:  top ─┬─ agentA ─┬─ memberA1
 *                           │          └─ memberA2
 *                           └─ agentB ─── memberB1
 */
export const createTree = async (ctx: AppContext, merchantId?: number) => {
  const top = await createAgent(ctx, { merchantId });
  const agentA = await createAgent(ctx, { merchantId, uplineId: top.id });
  const agentB = await createAgent(ctx, { merchantId, uplineId: top.id });
  const memberA1 = await createMember(ctx, { merchantId, uplineId: agentA.id });
  const memberA2 = await createMember(ctx, { merchantId, uplineId: agentA.id });
  const memberB1 = await createMember(ctx, { merchantId, uplineId: agentB.id });
  return { top, agentA, agentB, memberA1, memberA2, memberB1 };
};

/** Logs a member in by creating a session directly (the login API belongs to the accounts feature). */
export const sessionFor = async (ctx: AppContext, member: TestMember): Promise<string> => {
  const { token } = await ctx.sessions.create({
    merchantId: member.merchantId,
    actor: { kind: 'member', memberId: member.id },
    ip: '127.0.0.1',
    userAgent: 'vitest',
  });
  return token;
};

/** Puts money in a member's wallet the way a credited deposit would: from the clearing account. */
export const fund = async (ctx: AppContext, member: TestMember, amount: bigint, key = `fund:${member.id}:${++seq}`) =>
  ctx.wallet.post({
    merchantId: member.merchantId,
    key,
    kind: 'deposit',
    legs: [
      { account: { system: 'clearing', sub: 'TEST' }, amount: -amount },
      { account: { member: member.id }, amount },
    ],
  });

/** A logged-in operator of the default brand with a role ('admin' exists from the seed). */
export const operatorToken = async (
  t: {
    ctx: AppContext;
    call: (o: { method: 'POST'; url: string; payload: object }) => Promise<{ body: { value: unknown } }>;
  },
  role: 'admin' | 'finance' | 'support' | 'content',
): Promise<string> => {
  const merchantId = await t.ctx.merchants.resolveId('localhost');
  const username = `${role}${++seq}`;
  await createOperator(t.ctx.db, { merchantId, username, password: 'Operator#2026', role, demo: true });
  const res = await t.call({
    method: 'POST',
    url: '/wps/operator/session/login',
    payload: { username, password: 'Operator#2026' },
  });
  return (res.body.value as { token: string }).token;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A tiny valid PNG (1×1) and JPEG header, for proof uploads. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
export const JPEG_BYTES = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600', 'hex'),
  Buffer.alloc(200, 1),
  Buffer.from('ffd9', 'hex'),
]);
