import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/harness.ts';
import { solveCaptcha } from '../../../test/factories/account.ts';
import { passwordWork } from '../../lib/password.ts';
import { totpAt } from '../../lib/totp.ts';
import { findOperator, listAudit, updateOperator } from './data.ts';

/**
 * Operator accounts outside demo mode (decision 054): the bootstrap admin's first login, the login
 * protections, the second factor, the password change and the administrators' operators desk.
 */
let t: TestApp;
let merchantId: number;
const BOOTSTRAP = 'Bootstrap#2026';
const ADMIN_PASSWORD = 'Admin-Password-2026';
/** The admin's authenticator secret, as the enrolment showed it. */
let adminSecret = '';
let admin = '';

/** Each test speaks from its own addresses, so per-address counters of one never reach another. */
let ipSeq = 10;
const nextIp = () => `198.51.100.${ipSeq++}`;

type Me = { username: string; role: string; pending: string[]; totpEnabled: boolean };
type Login = Me & { token: string };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (body: Record<string, unknown>, ip = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.call<Login>({ method: 'POST', url: '/wps/operator/session/login', payload: body, remoteAddress: ip, headers });
const call = <T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.call<T>({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const settings = (token: string) => call(token, 'GET', '/wps/operator/system/settings');
const audit = async () => (await listAudit(t.ctx.db, merchantId)).sort((a, b) => a.id - b.id);

/** A code for a time step no earlier call spent: each code works once (one step ahead is accepted). */
let stepOffset = 0;
const freshCode = (secret: string) => {
  stepOffset = stepOffset === 30_000 ? -30_000 : stepOffset + 30_000;
  return totpAt(secret, Date.now() + stepOffset);
};

/** Takes a new operator (one-time password) through its first login; answers its token and secret. */
const firstLogin = async (username: string, oneTime: string, newPassword: string) => {
  const first = await login({ username, password: oneTime }, nextIp());
  expect(first.status).toBe(200);
  const token = first.body.value.token;
  const changed = await call<Me>(token, 'POST', '/wps/operator/account/password', {
    currentPassword: oneTime,
    newPassword,
  });
  expect(changed.status).toBe(200);
  let secret = '';
  if (changed.body.value.pending.includes('totp_enrol')) {
    secret = (await call<{ secret: string }>(token, 'POST', '/wps/operator/account/totp/setup', {})).body.value.secret;
    const enabled = await call<Me>(token, 'POST', '/wps/operator/account/totp/enable', {
      code: totpAt(secret, Date.now()),
    });
    expect(enabled.body.value.pending).toEqual([]);
  }
  return { token, secret };
};

beforeAll(async () => {
  t = await createTestApp({
    env: {
      DEMO_MODE: 'false',
      OPERATOR_BOOTSTRAP_PASSWORD: BOOTSTRAP,
      LOGIN_CAPTCHA_AFTER_FAILURES: '3',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '6',
      LOGIN_CAPTCHA_AFTER_IP_FAILURES: '50',
      LOGIN_MAX_ATTEMPTS_PER_IP: '8',
    },
  });
  merchantId = await t.ctx.merchants.resolveId('localhost');
});
afterAll(() => t.close());

describe('the bootstrap admin’s first login', () => {
  it('changes the bootstrap password, enrols an authenticator, and only then reaches the console', async () => {
    const first = await login({ username: 'admin', password: BOOTSTRAP }, nextIp());
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ role: 'admin', pending: ['password_change', 'totp_enrol'] });
    const token = first.body.value.token;

    // Nothing else works before the change.
    expect(await settings(token)).toMatchObject({ status: 403, body: { code: 'PASSWORD_CHANGE_REQUIRED' } });
    expect((await call(token, 'GET', '/wps/operator/operators')).status).toBe(403);
    expect((await call(token, 'POST', '/wps/operator/account/totp/setup', {})).status).toBe(403);

    // The current password is required, and checked.
    const wrong = await call(token, 'POST', '/wps/operator/account/password', {
      currentPassword: 'not-it-2026',
      newPassword: ADMIN_PASSWORD,
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'PASSWORD_INCORRECT' } });
    expect(wrong.body.fields).toHaveProperty('currentPassword');
    const weak = await call(token, 'POST', '/wps/operator/account/password', {
      currentPassword: BOOTSTRAP,
      newPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.fields).toHaveProperty('newPassword');
    const changed = await call<Me>(token, 'POST', '/wps/operator/account/password', {
      currentPassword: BOOTSTRAP,
      newPassword: ADMIN_PASSWORD,
    });
    expect(changed.body.value.pending).toEqual(['totp_enrol']);

    // Then the authenticator: still nothing else.
    expect(await settings(token)).toMatchObject({ status: 403, body: { code: 'SECOND_FACTOR_REQUIRED' } });
    const setup = await call<{ secret: string; otpauthUrl: string }>(
      token,
      'POST',
      '/wps/operator/account/totp/setup',
      {},
    );
    expect(setup.body.value.otpauthUrl).toContain(`secret=${setup.body.value.secret}`);
    adminSecret = setup.body.value.secret;
    // The secret is kept sealed, never as it was shown.
    const stored = (await t.ctx.operators.findByUsername(merchantId, 'admin'))!.totpSecret!;
    expect(stored.startsWith('sb1:')).toBe(true);
    expect(stored).not.toContain(adminSecret);
    const bad = await call(token, 'POST', '/wps/operator/account/totp/enable', { code: '000000' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'CODE_INVALID' } });
    const enabled = await call<Me>(token, 'POST', '/wps/operator/account/totp/enable', {
      code: totpAt(adminSecret, Date.now()),
    });
    expect(enabled.body.value).toMatchObject({ pending: [], totpEnabled: true });
    expect((await settings(token)).status).toBe(200);
    admin = token;

    // The bootstrap password is gone; the new one works and now asks for a code.
    expect((await login({ username: 'admin', password: BOOTSTRAP }, nextIp())).status).toBe(401);
    const again = await login({ username: 'admin', password: ADMIN_PASSWORD }, nextIp());
    expect(again.body.value.pending).toEqual(['totp']);
    expect(await settings(again.body.value.token)).toMatchObject({
      status: 403,
      body: { code: 'SECOND_FACTOR_REQUIRED' },
    });
    // The code of an earlier step, already spent at enrolment, does not work twice.
    const replay = await call(again.body.value.token, 'POST', '/wps/operator/session/totp', {
      code: totpAt(adminSecret, Date.now()),
    });
    expect(replay.status).toBe(400);
    const verified = await call<Me>(again.body.value.token, 'POST', '/wps/operator/session/totp', {
      code: freshCode(adminSecret),
    });
    expect(verified.body.value.pending).toEqual([]);
    expect((await settings(again.body.value.token)).status).toBe(200);

    const actions = (await audit()).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'session.login',
        'account.password_failed',
        'account.password_changed',
        'account.totp_enabled',
        'session.totp_failed',
        'session.totp',
      ]),
    );
  });
});

describe('operator login protections', () => {
  it('asks for a captcha after failures, locks the account before any hashing, and audits every try', async () => {
    const { body } = await call<{ oneTimePassword: string }>(admin, 'POST', '/wps/operator/operators', {
      username: 'support1',
      role: 'support',
    });
    const { token: _first } = await firstLogin('support1', body.value.oneTimePassword, 'Support-Pass-2026');
    const ip = nextIp();
    const fails = [];
    for (let i = 0; i < 3; i++) fails.push(await login({ username: 'support1', password: `wrong-${i}` }, ip));
    expect(fails.map((f) => [f.status, f.body.value])).toEqual([
      [401, { captcha: false }],
      [401, { captcha: false }],
      [401, { captcha: true }],
    ]);
    // Without a captcha the password is not even checked.
    const before = passwordWork.verifications;
    const noCaptcha = await login({ username: 'support1', password: 'Support-Pass-2026' }, nextIp());
    expect(noCaptcha).toMatchObject({ status: 400, body: { code: 'CAPTCHA_REQUIRED' } });
    expect(passwordWork.verifications).toBe(before);

    // With solved captchas, three more failures lock it.
    for (let i = 0; i < 3; i++) {
      const cap = await solveCaptcha(t, ip);
      const res = await login({ username: 'support1', password: `again-${i}`, captcha: cap.answer }, ip, {
        cookie: cap.cookie,
      });
      expect(res.status).toBe(401);
    }
    const cap = await solveCaptcha(t, ip);
    const lockedBefore = passwordWork.verifications;
    const locked = await login({ username: 'support1', password: 'Support-Pass-2026', captcha: cap.answer }, nextIp(), {
      cookie: cap.cookie,
    });
    expect(locked).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', value: { locked: true } } });
    expect(passwordWork.verifications).toBe(lockedBefore);

    // The desk shows the lock; an admin's unlock lets the right password in again.
    const list = await call<{ list: { id: number; username: string; locked: boolean }[] }>(
      admin,
      'GET',
      '/wps/operator/operators',
    );
    const row = list.body.value.list.find((o) => o.username === 'support1')!;
    expect(row.locked).toBe(true);
    const unlocked = await call<{ locked: boolean }>(admin, 'POST', `/wps/operator/operators/${row.id}/unlock`, {});
    expect(unlocked.body.value.locked).toBe(false);
    const ok = await login({ username: 'support1', password: 'Support-Pass-2026' }, nextIp());
    expect(ok.body.value).toMatchObject({ role: 'support', pending: [] });

    const rows = (await audit()).filter((a) => a.target === 'support1' && a.action === 'session.login_failed');
    expect(rows.map((r) => r.detail.reason)).toEqual([
      'wrong_password',
      'wrong_password',
      'wrong_password',
      'captcha_required',
      'wrong_password',
      'wrong_password',
      'wrong_password',
      'locked',
    ]);
    expect(rows.every((r) => r.operatorId === row.id)).toBe(true);
    expect((await audit()).some((a) => a.action === 'operator.unlocked' && a.target === 'support1')).toBe(true);
  });

  it('audits a failed login under an unknown name, and answers it like a wrong password', async () => {
    const ip = nextIp();
    const unknown = await login({ username: 'ghost-operator', password: 'whatever-1' }, ip);
    const wrong = await login({ username: 'support1', password: 'whatever-1' }, ip);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    const row = (await audit()).find((a) => a.target === 'ghost-operator')!;
    expect(row).toMatchObject({
      operatorId: null,
      action: 'session.login_failed',
      ip,
      detail: { reason: 'unknown_operator' },
    });
    // The audit desk shows it, newest first, with no operator name.
    const page = await call<{ list: { operator: string | null; target: string; action: string }[]; total: number }>(
      admin,
      'GET',
      '/wps/operator/audit?action=session.login_failed&pageSize=100',
    );
    expect(page.body.value.list.every((e) => e.action === 'session.login_failed')).toBe(true);
    expect(page.body.value.list.find((e) => e.target === 'ghost-operator')).toMatchObject({ operator: null });
    expect(page.body.value.list[0]!.target).toBe('support1');
  });

  it('limits attempts per address before any hashing', async () => {
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await login({ username: `nobody${i}`, password: 'x' }, ip)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const before = passwordWork.verifications;
    const ninth = await login({ username: 'admin', password: ADMIN_PASSWORD }, ip);
    expect(ninth).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(passwordWork.verifications).toBe(before);
  });
});

describe('the operators desk', () => {
  type Created = {
    operator: { id: number; username: string; role: string; mustChangePassword: boolean };
    oneTimePassword: string;
    expiresAt: string;
  };

  it('creates an operator with a one-time password shown once, which must be changed at first login', async () => {
    const res = await call<Created>(admin, 'POST', '/wps/operator/operators', { username: 'fin.one', role: 'finance' });
    expect(res.status).toBe(200);
    const { operator, oneTimePassword, expiresAt } = res.body.value;
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(71 * 3_600_000);
    expect(operator).toMatchObject({ role: 'finance', mustChangePassword: true });
    // Later answers never carry it; the database keeps only a hash.
    const list = await call(admin, 'GET', '/wps/operator/operators');
    expect(JSON.stringify(list.body)).not.toContain(oneTimePassword);
    expect((await t.ctx.operators.findByUsername(merchantId, 'fin.one'))!.passwordHash).not.toContain(oneTimePassword);
    expect((await audit()).some((a) => a.action === 'operator.created' && a.target === 'fin.one')).toBe(true);

    const first = await login({ username: 'fin.one', password: oneTimePassword }, nextIp());
    expect(first.body.value.pending).toEqual(['password_change', 'totp_enrol']);
    expect((await call(first.body.value.token, 'GET', '/wps/operator/deposits')).status).toBe(403);
    const { token } = await firstLogin('fin.one', oneTimePassword, 'Finance-Pass-2026');
    expect((await call(token, 'GET', '/wps/operator/deposits')).status).toBe(200);
    // A finance operator is not an admin: the desk is closed to them.
    expect((await call(token, 'GET', '/wps/operator/operators')).status).toBe(403);
    expect((await call(token, 'GET', '/wps/operator/audit')).status).toBe(403);
  });

  it('refuses a taken name and bad input with field messages, changing nothing', async () => {
    const before = (await call<{ list: unknown[] }>(admin, 'GET', '/wps/operator/operators')).body.value.list.length;
    const taken = await call(admin, 'POST', '/wps/operator/operators', { username: 'admin', role: 'support' });
    expect(taken).toMatchObject({
      status: 409,
      body: { code: 'USERNAME_TAKEN', fields: { username: expect.any(String) } },
    });
    const bad = await call(admin, 'POST', '/wps/operator/operators', { username: 'a b', role: 'boss' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['role', 'username']);
    expect((await call(admin, 'PUT', '/wps/operator/operators/999999', { status: 'disabled' })).status).toBe(404);
    expect((await call(admin, 'PUT', '/wps/operator/operators/abc', { status: 'disabled' })).status).toBe(404);
    expect((await call(admin, 'PUT', '/wps/operator/operators/1', {})).status).toBe(400);
    expect((await call<{ list: unknown[] }>(admin, 'GET', '/wps/operator/operators')).body.value.list).toHaveLength(
      before,
    );
  });

  it('disables and enables, changes roles, resets the second factor; every action audited', async () => {
    const created = (
      await call<Created>(admin, 'POST', '/wps/operator/operators', { username: 'fin.two', role: 'finance' })
    ).body.value;
    const { token, secret } = await firstLogin('fin.two', created.oneTimePassword, 'Finance-Two-2026');
    const id = created.operator.id;

    const disabled = await call<{ status: string }>(admin, 'PUT', `/wps/operator/operators/${id}`, {
      status: 'disabled',
    });
    expect(disabled.body.value.status).toBe('disabled');
    expect((await call(token, 'GET', '/wps/operator/deposits')).status).toBe(401);
    const refused = await login({ username: 'fin.two', password: 'Finance-Two-2026' }, nextIp());
    expect(refused).toMatchObject({ status: 403, body: { code: 'OPERATOR_DISABLED' } });

    await call(admin, 'PUT', `/wps/operator/operators/${id}`, { status: 'active' });
    const content = await call<{ role: string }>(admin, 'PUT', `/wps/operator/operators/${id}`, { role: 'content' });
    expect(content.body.value.role).toBe('content');
    const asContent = await login({ username: 'fin.two', password: 'Finance-Two-2026' }, nextIp());
    // Enrolled operators give a code at every login, whatever the role.
    expect(asContent.body.value).toMatchObject({ role: 'content', pending: ['totp'] });
    await call(asContent.body.value.token, 'POST', '/wps/operator/session/totp', { code: freshCode(secret) });
    expect((await call(asContent.body.value.token, 'GET', '/wps/operator/deposits')).status).toBe(403);

    await call(admin, 'PUT', `/wps/operator/operators/${id}`, { role: 'finance' });
    const reset = await call<{ totpEnabled: boolean }>(admin, 'POST', `/wps/operator/operators/${id}/reset-totp`, {});
    expect(reset.body.value.totpEnabled).toBe(false);
    const afterReset = await login({ username: 'fin.two', password: 'Finance-Two-2026' }, nextIp());
    expect(afterReset.body.value.pending).toEqual(['totp_enrol']);

    const mine = (await audit()).filter((a) => a.target === 'fin.two' && a.action.startsWith('operator.'));
    expect(mine.map((a) => a.action)).toEqual([
      'operator.created',
      'operator.updated',
      'operator.updated',
      'operator.updated',
      'operator.updated',
      'operator.totp_reset',
    ]);
    expect(mine[1]!.detail).toEqual({
      from: { status: 'active', role: 'finance' },
      to: { status: 'disabled', role: 'finance' },
    });
  });

  it('refuses an expired one-time password; a new one from an admin works once and ends the old', async () => {
    const created = (
      await call<Created>(admin, 'POST', '/wps/operator/operators', { username: 'late.one', role: 'support' })
    ).body.value;
    const row = (await findOperator(t.ctx.db, merchantId, 'late.one'))!;
    await updateOperator(t.ctx.db, row.id, { passwordExpiresAt: new Date(Date.now() - 1000) });
    const expired = await login({ username: 'late.one', password: created.oneTimePassword }, nextIp());
    expect(expired).toMatchObject({ status: 403, body: { code: 'ONE_TIME_PASSWORD_EXPIRED' } });

    const again = await call<Created>(admin, 'POST', `/wps/operator/operators/${row.id}/reset-password`, {});
    expect(again.status).toBe(200);
    expect(again.body.value.oneTimePassword).not.toBe(created.oneTimePassword);
    expect((await login({ username: 'late.one', password: created.oneTimePassword }, nextIp())).status).toBe(401);
    const { token } = await firstLogin('late.one', again.body.value.oneTimePassword, 'Late-Support-2026');
    expect((await settings(token)).status).toBe(200);
    // Only for others: one's own password changes under My account.
    const adminRow = (await findOperator(t.ctx.db, merchantId, 'admin'))!;
    const self = await call(admin, 'POST', `/wps/operator/operators/${adminRow.id}/reset-password`, {});
    expect(self).toMatchObject({ status: 409, body: { code: 'NOT_YOURSELF' } });
    expect((await audit()).filter((a) => a.target === 'late.one').map((a) => a.action)).toEqual(
      expect.arrayContaining(['operator.created', 'operator.password_reset']),
    );
  });

  it('never lets an admin disable or demote themselves, nor the brand lose its last active admin', async () => {
    const adminRow = (await t.ctx.operators.findByUsername(merchantId, 'admin'))!;
    const self = await call(admin, 'PUT', `/wps/operator/operators/${adminRow.id}`, { status: 'disabled' });
    expect(self).toMatchObject({ status: 409, body: { code: 'NOT_YOURSELF' } });
    const demote = await call(admin, 'PUT', `/wps/operator/operators/${adminRow.id}`, { role: 'support' });
    expect(demote).toMatchObject({ status: 409, body: { code: 'NOT_YOURSELF' } });
    expect((await call(admin, 'POST', `/wps/operator/operators/${adminRow.id}/reset-totp`, {})).status).toBe(409);

    // Two admins disabling each other at the same moment: one wins, an active admin remains.
    const second = (
      await call<Created>(admin, 'POST', '/wps/operator/operators', { username: 'admin2', role: 'admin' })
    ).body.value;
    const { token: admin2 } = await firstLogin('admin2', second.oneTimePassword, 'Second-Admin-2026');
    const [a, b] = await Promise.all([
      call(admin, 'PUT', `/wps/operator/operators/${second.operator.id}`, { status: 'disabled' }),
      call(admin2, 'PUT', `/wps/operator/operators/${adminRow.id}`, { status: 'disabled' }),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.status, b.status].sort()).toEqual([200, expect.toBeOneOf([401, 409])]);
    const admins = (
      await call<{ list: { role: string; status: string }[] }>(
        a.status === 200 ? admin : admin2,
        'GET',
        '/wps/operator/operators',
      )
    ).body.value.list.filter((o) => o.role === 'admin' && o.status === 'active');
    expect(admins).toHaveLength(1);
  });
});

describe('OPERATOR_ALLOWED_CIDRS', () => {
  it('answers the console API only from the allowed addresses; players are not affected', async () => {
    const t2 = await createTestApp({
      env: { OPERATOR_ALLOWED_CIDRS: '10.0.0.0/8, 192.0.2.7', OPERATOR_BOOTSTRAP_PASSWORD: BOOTSTRAP },
    });
    try {
      const from = (remoteAddress: string, url = '/wps/operator/session/login') =>
        t2.call({ method: 'POST', url, payload: { username: 'admin', password: BOOTSTRAP }, remoteAddress });
      const before = passwordWork.verifications;
      const outside = await from('203.0.113.5');
      expect(outside).toMatchObject({ status: 403, body: { code: 'ADDRESS_NOT_ALLOWED', success: false } });
      expect(passwordWork.verifications).toBe(before);
      expect((await from('10.20.30.40')).status).toBe(200);
      expect((await from('192.0.2.7')).status).toBe(200);
      expect((await from('192.0.2.8')).status).toBe(403);
      expect((await from('203.0.113.5', '/wps/operator/system/settings')).status).toBe(403);
      const player = await t2.call({ method: 'GET', url: '/wps/system/status', remoteAddress: '203.0.113.5' });
      expect(player.status).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('refuses a bad entry at start, naming the variable', () => {
    expect(() => testConfig({ OPERATOR_ALLOWED_CIDRS: '10.0.0.0/8,not-an-address' })).toThrow(/OPERATOR_ALLOWED_CIDRS/);
  });
});
