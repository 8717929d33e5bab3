import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { login } from '../../test/factories/account.ts';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx);
});
afterAll(() => t.close());

describe('demo accounts', () => {
  it('log in with the README credentials, each with its role', async () => {
    const d = DEMO_ACCOUNTS;
    const member = await login(t, { username: d.member.username, password: d.member.password });
    expect(member.body.value).toMatchObject({ isAgent: false, mustChangePassword: false });
    const agent = await login(t, { username: d.agent.username, password: d.agent.password, area: 'agent' });
    expect(agent.body.value.isAgent).toBe(true);
    const sub = await login(t, { username: d.subAgent.username, password: d.subAgent.password, area: 'agent' });
    expect(sub.body.value.isAgent).toBe(true);
    const downline = await login(t, { username: d.downline.username, password: d.downline.password, area: 'agent' });
    expect(downline.body.code).toBe('NOT_AGENT');
    const newcomer = await login(t, { username: d.newcomer.username, password: d.newcomer.password });
    expect(newcomer.body.value.mustChangePassword).toBe(true);
  });

  it('form the tree agent → sub-agent → member, reachable by affiliate code', async () => {
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    const m = t.ctx.accounts;
    const agent = (await m.findByUsername(merchantId, DEMO_ACCOUNTS.agent.username))!;
    const sub = (await m.findByUsername(merchantId, DEMO_ACCOUNTS.subAgent.username))!;
    const leaf = (await m.findByUsername(merchantId, DEMO_ACCOUNTS.downline.username))!;
    expect(sub.uplineId).toBe(agent.id);
    expect(leaf.treePath).toBe(`/${agent.id}/${sub.id}/${leaf.id}/`);
    const res = await t.call({ method: 'GET', url: `/wps/agent/affiliate?code=${DEMO_ACCOUNTS.agent.affiliateCode}` });
    expect(res.status).toBe(200);
  });
});
