import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { auth, operatorToken } from '../../../../test/factories/agent.ts';
import { createAgent, createMember, sessionFor } from '../../../../test/factories/wallet.ts';

let t: TestApp;
let agent: { id: number; merchantId: number; token: string };
let subAgentType2: { id: number; merchantId: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const merchantId = await t.ctx.merchants.resolveId('localhost');
  const a = await createAgent(t.ctx, { merchantId });
  agent = { ...a, token: await sessionFor(t.ctx, a) };
  const b = await createAgent(t.ctx, { merchantId, type: 2, uplineId: a.id });
  subAgentType2 = { ...b, token: await sessionFor(t.ctx, b) };
});
afterAll(() => t.close());

const register = (who: { token: string }, payload: Record<string, unknown>) =>
  t.call<{
    id: number;
    account: string;
    type: number;
    oneTimePassword: string;
    oneTimePasswordExpiresAt: string;
    mustChangePassword: boolean;
  }>({
    method: 'POST',
    url: '/wps/agent/register',
    headers: auth(who),
    payload,
  });
let ipSeq = 10;
const login = (username: string, password: string) =>
  t.call<{ token: string; mustChangePassword: boolean; isAgent: boolean }>({
    method: 'POST',
    url: '/wps/session/login',
    payload: { type: 'username', username, password },
    remoteAddress: `198.51.100.${ipSeq++}`,
  });
const reissue = (who: { token: string }, memberId: number) =>
  t.call<{ id: number; account: string; oneTimePassword: string; oneTimePasswordExpiresAt: string }>({
    method: 'POST',
    url: '/wps/agent/register/password',
    headers: auth(who),
    payload: { memberId },
  });
const HOUR = 3_600_000;

describe('register centre', () => {
  it('creates a member under the agent with its own one-time password, which must be changed at first login', async () => {
    const before = Date.now();
    const r = await register(agent, { username: 'newplayer01', type: 0, nickname: 'Newbie' });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({ account: 'newplayer01', type: 0, mustChangePassword: true });
    const { oneTimePassword, oneTimePasswordExpiresAt } = r.body.value;
    expect(oneTimePassword).toMatch(/^[A-Za-z][A-Za-z0-9]{11}$/);
    // Valid for ONE_TIME_PASSWORD_HOURS (72 by default).
    const validFor = Date.parse(oneTimePasswordExpiresAt) - before;
    expect(validFor).toBeGreaterThanOrEqual(72 * HOUR - 1000);
    expect(validFor).toBeLessThanOrEqual(72 * HOUR + 60_000);
    const row = await t.ctx.accounts.findById(agent.merchantId, r.body.value.id);
    expect(row).toMatchObject({ uplineId: agent.id, passwordSetBy: 'agent', nickname: 'Newbie' });
    expect(row!.oneTimePasswordExpiresAt?.toISOString()).toBe(oneTimePasswordExpiresAt);
    expect(row!.passwordHash).not.toContain(oneTimePassword);
    expect(row!.treePath.endsWith(`/${agent.id}/${row!.id}/`)).toBe(true);
    const first = await login('newplayer01', oneTimePassword);
    expect(first.body.value.mustChangePassword).toBe(true);
  });

  it('gives every new account a different password, and no brand-wide one works', async () => {
    const a = await register(agent, { username: 'twin0001', type: 0 });
    const b = await register(agent, { username: 'twin0002', type: 0 });
    expect(a.body.value.oneTimePassword).not.toBe(b.body.value.oneTimePassword);
    expect((await login('twin0001', b.body.value.oneTimePassword)).body.code).toBe('INVALID_CREDENTIALS');
    // The settings no longer take a default password (unknown field: refused, nothing changed).
    const put = await t.call({
      method: 'PUT',
      url: '/wps/operator/account/settings',
      headers: { authorization: `Bearer ${await operatorToken(t)}` },
      payload: { ...(await t.ctx.accounts.settings(agent.merchantId)), defaultPassword: 'Welcome2026' },
    });
    expect([put.status, put.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('shows the one-time password once: no later read returns it', async () => {
    const r = await register(agent, { username: 'shownonce01', type: 0 });
    const secret = r.body.value.oneTimePassword;
    const reads = await Promise.all(
      [
        '/wps/agent/downlines?scope=direct&page=1&pageSize=50',
        '/wps/agent/downlines?scope=team&page=1&pageSize=50',
        '/wps/agent/team/overview',
        '/wps/agent/account',
      ].map((url) => t.call({ method: 'GET', url, headers: auth(agent) })),
    );
    for (const read of reads) {
      expect(read.status).toBe(200);
      expect(JSON.stringify(read.body)).not.toContain(secret);
    }
    expect(JSON.stringify(reads[0]!.body)).toContain('shownonce01');
  });

  it('an expired one-time password is refused with its own code; the agent issues a new one, the old one dies', async () => {
    const r = await register(agent, { username: 'expired0001', type: 0 });
    const id = r.body.value.id;
    await t.ctx.accounts.update(id, { oneTimePasswordExpiresAt: new Date(Date.now() - 1000) });
    const refused = await login('expired0001', r.body.value.oneTimePassword);
    expect([refused.status, refused.body.code]).toEqual([403, 'ONE_TIME_PASSWORD_EXPIRED']);
    expect(refused.body.message).toMatch(/ask whoever created your account/);
    // A wrong password still gets the plain answer: the expiry says nothing to a guesser.
    expect((await login('expired0001', 'Wrong12345')).body.code).toBe('INVALID_CREDENTIALS');

    const fresh = await reissue(agent, id);
    expect(fresh.status).toBe(200);
    expect(fresh.body.value).toMatchObject({ id, account: 'expired0001' });
    expect(fresh.body.value.oneTimePassword).not.toBe(r.body.value.oneTimePassword);
    expect(Date.parse(fresh.body.value.oneTimePasswordExpiresAt)).toBeGreaterThan(Date.now() + 71 * HOUR);
    expect((await login('expired0001', r.body.value.oneTimePassword)).body.code).toBe('INVALID_CREDENTIALS');
    const ok = await login('expired0001', fresh.body.value.oneTimePassword);
    expect(ok.body.value.mustChangePassword).toBe(true);

    // Once the owner chose a password, it is theirs: no new one-time password can replace it.
    const change = await t.call({
      method: 'POST',
      url: '/wps/member/password',
      headers: { authorization: `Bearer ${ok.body.value.token}` },
      payload: {
        oldPassword: fresh.body.value.oneTimePassword,
        newPassword: 'mychoice2026',
        confirmNewPassword: 'mychoice2026',
      },
    });
    expect(change.status).toBe(200);
    const row = await t.ctx.accounts.findById(agent.merchantId, id);
    expect(row).toMatchObject({ passwordSetBy: 'self', oneTimePasswordExpiresAt: null });
    const late = await reissue(agent, id);
    expect([late.status, late.body.code]).toEqual([409, 'PASSWORD_CHOSEN_BY_OWNER']);
    expect((await login('expired0001', 'mychoice2026')).body.value.mustChangePassword).toBe(false);
  });

  it('only the agents above an account can issue it a new one-time password', async () => {
    const r = await register(agent, { username: 'reissue0001', type: 0, uplineId: subAgentType2.id });
    const id = r.body.value.id;
    // The sub-agent it sits under may; so may the agent above; a stranger agent gets 404.
    expect((await reissue(subAgentType2, id)).status).toBe(200);
    expect((await reissue(agent, id)).status).toBe(200);
    const stranger = await createAgent(t.ctx, { merchantId: agent.merchantId });
    const other = await reissue({ token: await sessionFor(t.ctx, stranger) }, id);
    expect(other.status).toBe(404);
    expect((await reissue(agent, agent.id)).status).toBe(404);
    const bad = await t.call({
      method: 'POST',
      url: '/wps/agent/register/password',
      headers: auth(agent),
      payload: { memberId: 'x' },
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('creates a sub-agent of an allowed type, with its own invitation code', async () => {
    const r = await register(agent, { username: 'subagent01', type: 2 });
    expect(r.body.value.type).toBe(2);
    const row = await t.ctx.accounts.findById(agent.merchantId, r.body.value.id);
    expect(row!.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
    expect((await login('subagent01', r.body.value.oneTimePassword)).body.value).toMatchObject({
      isAgent: true,
      mustChangePassword: true,
    });
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
