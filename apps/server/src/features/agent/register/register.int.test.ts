import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { auth } from '../../../../test/factories/agent.ts';
import { createAgent, createMember, sessionFor } from '../../../../test/factories/wallet.ts';

let t: TestApp;
let agent: { id: number; merchantId: number; token: string };
let subAgentType2: { id: number; merchantId: number; token: string };
const DEFAULT = 'Welcome2026';

beforeAll(async () => {
  t = await createTestApp();
  const merchantId = await t.ctx.merchants.resolveId('localhost');
  const settings = await t.ctx.accounts.settings(merchantId);
  await t.ctx.accounts.updateSettings(merchantId, { ...settings, defaultPassword: DEFAULT });
  const a = await createAgent(t.ctx, { merchantId });
  agent = { ...a, token: await sessionFor(t.ctx, a) };
  const b = await createAgent(t.ctx, { merchantId, type: 2, uplineId: a.id });
  subAgentType2 = { ...b, token: await sessionFor(t.ctx, b) };
});
afterAll(() => t.close());

const register = (who: { token: string }, payload: Record<string, unknown>) =>
  t.call<{ id: number; account: string; type: number; initialPassword: string; mustChangePassword: boolean }>({
    method: 'POST',
    url: '/wps/agent/register',
    headers: auth(who),
    payload,
  });
const login = (username: string, password: string) =>
  t.call<{ mustChangePassword: boolean; isAgent: boolean }>({
    method: 'POST',
    url: '/wps/session/login',
    payload: { type: 'username', username, password },
  });

describe('register centre', () => {
  it('creates a member under the agent with the default password, which must be changed at first login', async () => {
    const r = await register(agent, { username: 'newplayer01', type: 0, nickname: 'Newbie' });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      account: 'newplayer01',
      type: 0,
      initialPassword: DEFAULT,
      mustChangePassword: true,
    });
    const row = await t.ctx.accounts.findById(agent.merchantId, r.body.value.id);
    expect(row).toMatchObject({ uplineId: agent.id, passwordSetBy: 'agent', nickname: 'Newbie' });
    expect(row!.treePath.endsWith(`/${agent.id}/${row!.id}/`)).toBe(true);
    const first = await login('newplayer01', DEFAULT);
    expect(first.body.value.mustChangePassword).toBe(true);
  });

  it('creates a sub-agent of an allowed type, with its own invitation code', async () => {
    const r = await register(agent, { username: 'subagent01', type: 2 });
    expect(r.body.value.type).toBe(2);
    const row = await t.ctx.accounts.findById(agent.merchantId, r.body.value.id);
    expect(row!.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
    expect((await login('subagent01', DEFAULT)).body.value).toMatchObject({ isAgent: true, mustChangePassword: true });
  });

  it('refuses a type it may not create, a bad or taken username, and an unknown field — creating nothing', async () => {
    const cases: [Record<string, unknown>, number, string, string | undefined][] = [
      [{ username: 'typeagent01', type: 41 }, 403, 'ACCOUNT_TYPE_NOT_ALLOWED', 'type'],
      [{ username: '1startsdigit', type: 0 }, 400, 'VALIDATION_FAILED', 'username'],
      [{ username: 'newplayer01', type: 0 }, 409, 'USERNAME_TAKEN', 'username'],
      [{ username: 'fine0001', type: 0, password: 'x' }, 400, 'VALIDATION_FAILED', 'password'],
      [{ username: 'fine0002', type: 4 }, 400, 'VALIDATION_FAILED', 'type'],
    ];
    for (const [payload, status, code, field] of cases) {
      const r = await register(agent, payload);
      expect([r.status, r.body.code]).toEqual([status, code]);
      if (field) expect(Object.keys(r.body.fields ?? {})).toContain(field);
    }
    expect((await register(subAgentType2, { username: 'typeone0001', type: 1 })).body.code).toBe(
      'ACCOUNT_TYPE_NOT_ALLOWED',
    );
    for (const name of ['typeagent01', 'fine0001', 'fine0002', 'typeone0001']) {
      expect(await t.ctx.accounts.findByUsername(agent.merchantId, name)).toBeFalsy();
    }
  });

  it('creates under one of the team’s agents, with the types that agent may have below it', async () => {
    const r = await register(agent, { username: 'undersub01', type: 0, uplineId: subAgentType2.id });
    expect(r.body.value).toMatchObject({ account: 'undersub01', upline: expect.any(String) });
    expect((await t.ctx.accounts.findById(agent.merchantId, r.body.value.id))!.uplineId).toBe(subAgentType2.id);
    expect((await register(agent, { username: 'undersub02', type: 1, uplineId: subAgentType2.id })).body.code).toBe(
      'ACCOUNT_TYPE_NOT_ALLOWED',
    );
    expect((await register(agent, { username: 'undersub03', type: 0, uplineId: r.body.value.id })).body.code).toBe(
      'NOT_AGENT_UPLINE',
    );
    const stranger = await createAgent(t.ctx, { merchantId: agent.merchantId });
    expect((await register(agent, { username: 'undersub04', type: 0, uplineId: stranger.id })).status).toBe(404);
    expect(await t.ctx.accounts.findByUsername(agent.merchantId, 'undersub04')).toBeFalsy();
  });

  it('refuses when the brand has no default password', async () => {
    const settings = await t.ctx.accounts.settings(agent.merchantId);
    await t.ctx.accounts.updateSettings(agent.merchantId, { ...settings, defaultPassword: null });
    expect((await register(agent, { username: 'nodefault01', type: 0 })).body.code).toBe('DEFAULT_PASSWORD_NOT_SET');
    await t.ctx.accounts.updateSettings(agent.merchantId, { ...settings, defaultPassword: DEFAULT });
  });

  it('non-agents and trial accounts cannot register downlines', async () => {
    const m = await createMember(t.ctx, { merchantId: agent.merchantId });
    expect(
      (await register({ token: await sessionFor(t.ctx, m) }, { username: 'viamember01', type: 0 })).body.code,
    ).toBe('NOT_AGENT');
    const trial = await createMember(t.ctx, { merchantId: agent.merchantId, type: 4 });
    expect(
      (await register({ token: await sessionFor(t.ctx, trial) }, { username: 'viatrial01', type: 0 })).body.code,
    ).toBe('TRIAL_NOT_ALLOWED');
  });

  it('affiliate links carry the agent’s code on every domain, and the code resolves to the agent', async () => {
    const r = await t.call<{
      code: string;
      links: { domain: string; url: string; mirror: boolean }[];
      creatableTypes: number[];
      qr: { size: number; margin: number };
    }>({
      method: 'GET',
      url: '/wps/agent/affiliate/links',
      headers: auth(agent),
    });
    const { code, links, creatableTypes, qr } = r.body.value;
    expect(creatableTypes).toEqual([0, 1, 2]);
    expect(qr).toEqual({ size: 120, margin: 5 });
    expect(links.length).toBeGreaterThan(1);
    expect(links.some((l) => l.mirror)).toBe(true);
    for (const l of links) expect(new URL(l.url).searchParams.get('referralCode')).toBe(code);
    const again = await t.call<{ code: string }>({
      method: 'GET',
      url: '/wps/agent/affiliate/links',
      headers: auth(agent),
    });
    expect(again.body.value.code).toBe(code);
    const resolved = await t.call<{ code: string }>({ method: 'GET', url: `/wps/agent/affiliate?code=${code}` });
    expect(resolved.body.value.code).toBe(code);
  });
});
