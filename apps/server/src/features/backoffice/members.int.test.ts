import type { MemberPage } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { login } from '../../../test/factories/account.ts';
import { ACCOUNT_FAILURES, accountKeyOf } from '../identity/login/policy.ts';
import {
  MEMBER_PASSWORD,
  bearer,
  createAgent,
  createMember,
  fund,
  operatorToken,
  sessionFor,
  type TestMember,
} from '../../../test/factories/wallet.ts';

/**
 * The members desk (issue 21, decision 069): search by every field, a member's page, and each
 * action with its reason, its audit entry (before and after) and its effect: a frozen member's next
 * call is refused and they cannot log in, a forced logout ends the sessions, a reset password logs in
 * once and must be replaced, a cleared lock lets the member in again. Every action is refused to the
 * roles that may not do it, and the audit log refuses any change in the database itself.
 */
let t: TestApp;
const tokens: Record<'admin' | 'finance' | 'support' | 'content', string> = {
  admin: '',
  finance: '',
  support: '',
  content: '',
};
let agent: TestMember;
let member: TestMember;
let mobile: string;

const get = <T>(token: string, url: string) => t.call<T>({ method: 'GET', url, headers: bearer(token) });
const post = <T>(token: string, url: string, payload: object) =>
  t.call<T>({ method: 'POST', url, headers: bearer(token), payload });
const exec = async <T>(q: ReturnType<typeof sql>) => (await t.ctx.db.execute(q)) as unknown as { rows: T[] };

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'finance', 'support', 'content'] as const) tokens[role] = await operatorToken(t, role);
  agent = await createAgent(t.ctx);
  member = await createMember(t.ctx, { uplineId: agent.id, payeeName: 'Maria Souza Lima' });
  mobile = `119${String(member.id).padStart(8, '0')}`;
  await t.ctx.db.execute(
    sql`UPDATE members SET mobile = ${mobile}, country_dialing_code = '55', email = ${`${member.username}@Example.com`},
          last_login_ip = '203.0.113.77' WHERE id = ${member.id}`,
  );
  await fund(t.ctx, member, 12_345n);
});
afterAll(() => t.close());

type Search = { list: { id: number; username: string }[]; total: number };

describe('searching members', () => {
  it('finds a member by username, id, mobile, e-mail, payee name and IP', async () => {
    const cases: [string, string][] = [
      ['username', member.username.slice(0, -2).toUpperCase()],
      ['id', String(member.id)],
      ['mobile', mobile],
      ['mobile', `+55 ${mobile.slice(0, 2)} ${mobile.slice(2)}`],
      ['email', `${member.username.toUpperCase()}@example.COM`],
      ['payee', 'maria souza'],
      ['ip', '203.0.113.77'],
    ];
    for (const [by, q] of cases) {
      const res = await get<Search>(tokens.support, `/wps/operator/members?by=${by}&q=${encodeURIComponent(q)}`);
      expect(res.status, `${by}=${q}`).toBe(200);
      expect(
        res.body.value.list.map((m) => m.id),
        `${by}=${q}`,
      ).toContain(member.id);
    }
    const none = await get<Search>(tokens.support, '/wps/operator/members?by=id&q=abc');
    expect(none.body.value).toMatchObject({ list: [], total: 0 });
    expect((await get(tokens.support, '/wps/operator/members?by=phone&q=1')).status).toBe(400);
    expect((await get(tokens.support, '/wps/operator/members?by=id&q=')).status).toBe(400);
  });

  it("shows a member's page: profile, balance, upline chain, histories", async () => {
    const res = await get<MemberPage>(tokens.finance, `/wps/operator/members/detail?id=${member.id}`);
    expect(res.status).toBe(200);
    const p = res.body.value;
    expect(p.profile).toMatchObject({ id: member.id, username: member.username, status: 'active', locked: false });
    expect(p.profile.mobile).toBe(`+55 ${mobile}`);
    expect(p.balance).toBe('12345');
    expect(p.uplines.map((u) => u.id)).toEqual([agent.id]);
    expect((await get(tokens.finance, '/wps/operator/members/detail?id=999999')).status).toBe(404);
    expect((await get(tokens.content, `/wps/operator/members/detail?id=${member.id}`)).status).toBe(403);
  });
});

describe('actions on a member', () => {
  const act = (role: keyof typeof tokens, action: string, m: TestMember, reason = 'Checked by the desk') =>
    post<MemberPage>(tokens[role], `/wps/operator/members/${action}`, { memberId: m.id, reason });

  it('freezing ends the sessions: the next call is refused, the login too; unfreezing lets the member in', async () => {
    const m = await createMember(t.ctx);
    const token = await sessionFor(t.ctx, m);
    expect((await get(token, '/wps/member/info')).status).toBe(200);
    const res = await act('support', 'freeze', m, 'Chargeback under review');
    expect(res.status).toBe(200);
    expect(res.body.value.profile.status).toBe('frozen');
    expect((await get(token, '/wps/member/info')).status).toBe(401);
    const refused = await login(t, { username: m.username, password: MEMBER_PASSWORD });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.success).toBe(false);
    expect((await act('support', 'freeze', m)).status).toBe(409);
    expect((await act('finance', 'unfreeze', m, 'Chargeback resolved')).status).toBe(200);
    expect((await login(t, { username: m.username, password: MEMBER_PASSWORD })).body.success).toBe(true);
    expect((await act('finance', 'unfreeze', m)).status).toBe(409);
    const audit = await exec<{ action: string; detail: Record<string, unknown> }>(
      sql`SELECT action, detail FROM operator_audit WHERE target = ${`member:${m.id}`} ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      {
        action: 'member.freeze',
        detail: { reason: 'Chargeback under review', before: { status: 'active' }, after: { status: 'frozen' } },
      },
      {
        action: 'member.unfreeze',
        detail: { reason: 'Chargeback resolved', before: { status: 'frozen' }, after: { status: 'active' } },
      },
    ]);
  });

  it('a forced logout ends every session', async () => {
    const m = await createMember(t.ctx);
    const token = await sessionFor(t.ctx, m);
    const res = await act('support', 'logout', m);
    expect(res.status).toBe(200);
    expect(res.body.value.profile.liveSessions).toBe(0);
    expect((await get(token, '/wps/member/info')).status).toBe(401);
  });

  it('a reset password is a one-time password: it logs in once and must be replaced', async () => {
    const m = await createMember(t.ctx);
    const token = await sessionFor(t.ctx, m);
    const res = await post<{ oneTimePassword: string; expiresAt: string; member: MemberPage }>(
      tokens.support,
      '/wps/operator/members/reset-password',
      { memberId: m.id, reason: 'Lost password, identity checked by phone' },
    );
    expect(res.status).toBe(200);
    expect(res.body.value.oneTimePassword).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(res.body.value.member.profile.oneTimePassword).toBe(true);
    expect((await get(token, '/wps/member/info')).status).toBe(401);
    expect((await login(t, { username: m.username, password: MEMBER_PASSWORD })).body.success).toBe(false);
    const fresh = await login(t, { username: m.username, password: res.body.value.oneTimePassword });
    expect(fresh.body.success).toBe(true);
    expect(fresh.body.value.mustChangePassword).toBe(true);
    const audit = await exec<{ detail: Record<string, unknown> }>(
      sql`SELECT detail FROM operator_audit WHERE target = ${`member:${m.id}`} AND action = 'member.password_reset'`,
    );
    expect(JSON.stringify(audit.rows)).not.toContain(res.body.value.oneTimePassword);
  });

  it('clearing the login locks lets a locked member log in at once', async () => {
    const m = await createMember(t.ctx);
    // The login guard's failures of this account, as wrong passwords leave them.
    const key = accountKeyOf(m.merchantId, m.username);
    for (let i = 0; i < t.ctx.config.LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      await t.ctx.limiter.hit(ACCOUNT_FAILURES, key, { limit: 1e9, windowMs: 15 * 60_000 });
    }
    const locked = await login(t, { username: m.username, password: MEMBER_PASSWORD }, { remoteAddress: '10.9.1.1' });
    expect(locked.body.success).toBe(false);
    const before = await get<MemberPage>(tokens.support, `/wps/operator/members/detail?id=${m.id}`);
    expect(before.body.value.profile.locked).toBe(true);
    const res = await act('support', 'clear-locks', m);
    expect(res.status).toBe(200);
    expect(res.body.value.profile).toMatchObject({ locked: false, loginFailures: 0 });
    const ok = await login(t, { username: m.username, password: MEMBER_PASSWORD }, { remoteAddress: '10.9.1.1' });
    expect(ok.body.success).toBe(true);
  });

  it('an operator note is kept on the page and audited', async () => {
    const res = await post<MemberPage>(tokens.finance, '/wps/operator/members/notes', {
      memberId: member.id,
      text: 'Called about a late PIX deposit.',
    });
    expect(res.status).toBe(200);
    expect(res.body.value.notes[0]).toMatchObject({ text: 'Called about a late PIX deposit.' });
  });

  it('every action is refused to the roles that may not do it, and a bad request changes nothing', async () => {
    const m = await createMember(t.ctx);
    const refusals: [keyof typeof tokens, string][] = [
      ['content', 'freeze'],
      ['content', 'unfreeze'],
      ['content', 'logout'],
      ['content', 'reset-password'],
      ['content', 'clear-locks'],
      ['content', 'notes'],
      ['finance', 'logout'],
      ['finance', 'reset-password'],
      ['finance', 'clear-locks'],
    ];
    for (const [role, action] of refusals) {
      const body = action === 'notes' ? { memberId: m.id, text: 'x' } : { memberId: m.id, reason: 'Not mine to do' };
      const res = await post(tokens[role], `/wps/operator/members/${action}`, body);
      expect(res.status, `${role} ${action}`).toBe(403);
    }
    for (const role of ['content'] as const) {
      expect((await get(tokens[role], '/wps/operator/members?q=a')).status).toBe(403);
    }
    // Admin may do everything.
    expect((await act('admin', 'freeze', m)).status).toBe(200);
    expect((await act('admin', 'unfreeze', m)).status).toBe(200);
    // No reason, an unknown member, an unknown field: 4xx.
    expect((await post(tokens.support, '/wps/operator/members/freeze', { memberId: m.id })).status).toBe(400);
    expect((await post(tokens.support, '/wps/operator/members/freeze', { memberId: m.id, reason: 'no' })).status).toBe(
      400,
    );
    expect((await act('support', 'freeze', { ...m, id: 99_999_999 })).status).toBe(404);
    const unchanged = await exec<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM operator_audit WHERE target = ${`member:${m.id}`}`,
    );
    expect(unchanged.rows[0]!.n).toBe('2');
    expect(
      (await get<MemberPage>(tokens.support, `/wps/operator/members/detail?id=${m.id}`)).body.value.profile.status,
    ).toBe('active');
  });
});

describe('the audit viewer', () => {
  it('filters by member, operator and action, and the log refuses changes in the database', async () => {
    const m = await createMember(t.ctx);
    await post(tokens.support, '/wps/operator/members/freeze', { memberId: m.id, reason: 'Audit filter test' });
    type Page = {
      list: { action: string; operator: string | null; target: string; detail: Record<string, unknown> }[];
    };
    const byMember = await get<Page>(tokens.admin, `/wps/operator/audit?member=${m.id}`);
    expect(byMember.body.value.list).toHaveLength(1);
    expect(byMember.body.value.list[0]).toMatchObject({
      action: 'member.freeze',
      target: `member:${m.id}`,
      detail: { reason: 'Audit filter test', before: { status: 'active' }, after: { status: 'frozen' } },
    });
    const support = byMember.body.value.list[0]!.operator!;
    const byOperator = await get<Page>(tokens.admin, `/wps/operator/audit?operator=${support}&action=member.`);
    expect(byOperator.body.value.list.length).toBeGreaterThanOrEqual(1);
    expect(byOperator.body.value.list.every((e) => e.operator === support && e.action.startsWith('member.'))).toBe(
      true,
    );
    expect((await get<Page>(tokens.admin, '/wps/operator/audit?operator=nobody-here')).body.value.list).toEqual([]);
    expect((await get(tokens.support, '/wps/operator/audit')).status).toBe(403);

    await expect(t.ctx.db.execute(sql`UPDATE operator_audit SET action = 'x'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`DELETE FROM operator_audit`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`TRUNCATE operator_audit`)).rejects.toThrow();
    expect((await get<Page>(tokens.admin, `/wps/operator/audit?member=${m.id}`)).body.value.list).toHaveLength(1);
  });
});
