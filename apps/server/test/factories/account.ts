import { randomInt } from 'node:crypto';
import { MemberType } from '@app/contract';
import type { AppContext } from '../../src/context.ts';
import type { NewMember } from '../../src/features/identity/members/service.ts';
import type { TestApp } from '../harness.ts';

/** Builds members, agents and trees through the account service (the rules apply to them too). */

export const defaultMerchantId = (ctx: AppContext) => ctx.merchants.resolveId('localhost');

let seq = 0;
export const uniqueName = (prefix = 'user') =>
  `${prefix}${Date.now().toString(36).slice(-4)}${++seq}${randomInt(100, 999)}`;

export const createMember = async (ctx: AppContext, over: Partial<NewMember> = {}) => {
  const merchantId = over.merchantId ?? (await defaultMerchantId(ctx));
  const password = over.password ?? 'abc12345';
  const member = await ctx.accounts.createMember({
    merchantId,
    username: over.username ?? uniqueName(),
    password,
    ...over,
  });
  return { ...member, password };
};

/** An agent (type 1) with an affiliate code, a sub-agent (type 2) under it, and a member under that. */
export const createAgentTree = async (ctx: AppContext) => {
  const agent = await createMember(ctx, {
    username: uniqueName('agent'),
    type: MemberType.AGENT_1,
    affiliateCode: `AG${randomInt(100000, 999999)}`,
  });
  const subAgent = await createMember(ctx, {
    username: uniqueName('sub'),
    type: MemberType.AGENT_2,
    uplineId: agent.id,
    affiliateCode: `SB${randomInt(100000, 999999)}`,
  });
  const member = await createMember(ctx, { username: uniqueName('leaf'), uplineId: subAgent.id });
  return { agent, subAgent, member };
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface LoginBody {
  type?: 'username' | 'sms';
  username?: string;
  password?: string;
  captcha?: string;
  area?: 'member' | 'agent';
  [k: string]: unknown;
}

export const login = (
  t: TestApp,
  body: LoginBody,
  extra: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  t.call<{
    token: string;
    firstTimeLogin: boolean;
    passwordExpired: boolean;
    captcha: boolean;
    mustChangePassword: boolean;
    verification: { methods: { method: string; destination: string | null }[] } | null;
    isAgent: boolean;
    isTrial: boolean;
  }>({
    method: 'POST',
    url: '/wps/session/login',
    payload: { type: 'username', ...body },
    ...extra,
  });

/** The newest developer-outbox message to a recipient, and the 6-digit code in it. */
export const lastCode = async (t: TestApp, to: string) => {
  const res = await t.call<{ body: string }[]>({
    method: 'GET',
    url: `/wps/dev/outbox?to=${encodeURIComponent(to)}&limit=1`,
  });
  const body = res.body.value[0]?.body ?? '';
  return /\b(\d{6})\b/.exec(body)?.[1] ?? null;
};

/** A fresh captcha for a browser (cookie) and its answer, read from the server's store as the image shows it. */
export const solveCaptcha = async (t: TestApp, remoteAddress = '127.0.0.1') => {
  const res = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress });
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0]!;
  const id = cookie.split('=')[1]!;
  const answer = await t.ctx.ephemeral.get(`captcha:${id}`);
  return { cookie, answer: answer!, image: (res.json() as { value: string }).value };
};
