import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';
import { MemoryStore, RateLimiter } from '../../lib/rate-limit.ts';
import { createAgentService, type AgentSelf } from './service.ts';

const agent: AgentSelf = {
  id: 7,
  merchantId: 1,
  username: 'agent07',
  nickname: null,
  type: 1,
  status: 'active',
  uplineId: null,
  treePath: '/7/',
  depth: 0,
  affiliateCode: null,
  createdAt: new Date(),
  lastLoginAt: null,
  passwordSetBy: 'self',
  prefix: '/7/',
};

/** The payment password check needs no database: only the limiter and the accounts feature's lookup. */
const serviceWith = (paymentPasswordHash: string | null) => {
  const asked: [number, number][] = [];
  const agents = createAgentService({
    db: {} as Db,
    limiter: new RateLimiter(new MemoryStore()),
    findMemberById: async (merchantId, id) => {
      asked.push([merchantId, id]);
      return { paymentPasswordHash };
    },
  });
  return { agents, asked };
};

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'OK',
    (err: { code?: string }) => err.code,
  );

describe('payment password', () => {
  it('passes the right password, looking the agent up in its own brand', async () => {
    const { agents, asked } = serviceWith(await hashPassword('246810'));
    expect(await codeOf(agents.checkPaymentPassword(agent, '246810'))).toBe('OK');
    expect(asked).toEqual([[1, 7]]);
  });

  it('refuses when none is set', async () => {
    const { agents } = serviceWith(null);
    expect(await codeOf(agents.checkPaymentPassword(agent, '246810'))).toBe('PAYMENT_PASSWORD_NOT_SET');
  });

  it('locks after five wrong tries, even for the right one; a right try before that starts the count again', async () => {
    const { agents } = serviceWith(await hashPassword('246810'));
    for (let i = 0; i < 4; i++)
      expect(await codeOf(agents.checkPaymentPassword(agent, 'wrong'))).toBe('PAYMENT_PASSWORD_INCORRECT');
    expect(await codeOf(agents.checkPaymentPassword(agent, '246810'))).toBe('OK');
    for (let i = 0; i < 5; i++)
      expect(await codeOf(agents.checkPaymentPassword(agent, 'wrong'))).toBe('PAYMENT_PASSWORD_INCORRECT');
    expect(await codeOf(agents.checkPaymentPassword(agent, '246810'))).toBe('RATE_LIMITED');
  });
});
