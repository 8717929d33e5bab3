import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { bearer, createMember, login } from '../../../../test/factories/account.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipSeq = 1;
const nextIp = () => `198.51.100.${ipSeq++}`;
const tokenOf = async (username: string, password: string) =>
  (await login(t, { username, password }, { remoteAddress: nextIp() })).body.value.token;
const change = (token: string, payload: object) =>
  t.call({ method: 'POST', url: '/wps/member/password', headers: bearer(token), payload });

describe('POST /wps/member/password', () => {
  it('checks old password, rule and confirmation, one message per field, and changes nothing on error', async () => {
    const m = await createMember(t.ctx);
    const token = await tokenOf(m.username, m.password);
    expect((await change(token, { newPassword: 'newpass123', confirmNewPassword: 'newpass123' })).body.fields).toEqual({
      oldPassword: 'Input cannot be empty',
    });
    const wrongOld = await change(token, {
      oldPassword: 'nope12345',
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(wrongOld.body).toMatchObject({
      code: 'PASSWORD_INCORRECT',
      fields: { oldPassword: 'The current password is incorrect' },
    });
    const rule = await change(token, {
      oldPassword: m.password,
      newPassword: 'abcdefgh',
      confirmNewPassword: 'abcdefgx',
    });
    expect(rule.body.fields).toEqual({
      newPassword: 'Please enter 6-20 characters combining letters and digits',
      confirmNewPassword: 'Confirmation password is not correct.',
    });
    const same = await change(token, {
      oldPassword: m.password,
      newPassword: m.password,
      confirmNewPassword: m.password,
    });
    expect(same.body.code).toBe('PASSWORD_REUSED');
    expect((await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() })).status).toBe(
      200,
    );
  });

  it('revokes the other sessions and keeps this one', async () => {
    const m = await createMember(t.ctx);
    const a = await tokenOf(m.username, m.password);
    const b = await tokenOf(m.username, m.password);
    const res = await change(a, { oldPassword: m.password, newPassword: 'changed99', confirmNewPassword: 'changed99' });
    expect(res.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', headers: bearer(a) })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', headers: bearer(b) })).status).toBe(401);
    expect((await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() })).status).toBe(
      401,
    );
    expect((await login(t, { username: m.username, password: 'changed99' }, { remoteAddress: nextIp() })).status).toBe(
      200,
    );
  });

  it('limits wrong old passwords before hashing more', async () => {
    const m = await createMember(t.ctx);
    const token = await tokenOf(m.username, m.password);
    for (let i = 0; i < 5; i++) {
      await change(token, { oldPassword: `wrong${i}xyz`, newPassword: 'newpass123', confirmNewPassword: 'newpass123' });
    }
    const sixth = await change(token, {
      oldPassword: m.password,
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(sixth.status).toBe(429);
  });
});

describe('password reset by e-mail', () => {
  const form = (body: string, remoteAddress = nextIp()) =>
    t.call({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress,
    });
  const lastMail = async (to: string) =>
    (
      await t.call<{ subject: string; body: string }[]>({
        method: 'GET',
        url: `/wps/dev/outbox?to=${encodeURIComponent(to)}&limit=1`,
      })
    ).body.value[0];

  it("takes a form-encoded username and e-mail, and mails a single-use link ('in_been_out' on the client)", async () => {
    const m = await createMember(t.ctx, { email: 'Reset.Me@Example.com' });
    const old = await tokenOf(m.username, m.password);
    const res = await form(
      `username=${encodeURIComponent(m.username)}&email=${encodeURIComponent('reset.me@example.com')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, value: null });
    const mail = await lastMail('reset.me@example.com');
    expect(mail?.subject).toContain('reset your password');
    const token = decodeURIComponent(/resetToken=([^\s&]+)/.exec(mail!.body)![1]!);

    const reset = (payload: object) => t.call({ method: 'POST', url: '/wps/member/password/reset', payload });
    const mismatch = await reset({ token, newPassword: 'viaemail1', confirmNewPassword: 'viaemail2' });
    expect(mismatch.body.fields).toEqual({ confirmNewPassword: 'Confirmation password is not correct.' });
    expect((await reset({ token, newPassword: 'viaemail1', confirmNewPassword: 'viaemail1' })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', headers: bearer(old) })).status).toBe(401);
    expect((await login(t, { username: m.username, password: 'viaemail1' }, { remoteAddress: nextIp() })).status).toBe(
      200,
    );
    const reuse = await reset({ token, newPassword: 'viaemail3', confirmNewPassword: 'viaemail3' });
    expect(reuse.body.code).toBe('CODE_INVALID');
  });

  it('answers the same whether or not the username and e-mail match, mailing only a match; requires both fields', async () => {
    const m = await createMember(t.ctx, { email: 'someone@example.com' });
    const frozen = await createMember(t.ctx, { email: 'frozen.one@example.com' });
    await t.ctx.accounts.freeze(frozen.merchantId, frozen.id);
    const answers = [
      await form(`username=${m.username}&email=someone%40example.com`),
      await form(`username=${m.username}&email=other%40example.com`),
      await form('username=nobody123&email=someone%40example.com'),
      await form(`username=${frozen.username}&email=frozen.one%40example.com`),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body).toEqual({ success: true, value: null, message: '' });
    // Only the matching pair got a mail.
    expect((await lastMail('someone@example.com'))?.subject).toContain('reset your password');
    expect(await lastMail('other@example.com')).toBeUndefined();
    expect(await lastMail('frozen.one@example.com')).toBeUndefined();
    const missing = await form('username=&email=bad');
    expect(missing.body.fields).toEqual({ username: 'Input cannot be empty', email: 'E-mail format is incorrect' });
  });

  it('is rate-limited per username', async () => {
    const m = await createMember(t.ctx, { email: 'limited@example.com' });
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await form(`username=${m.username}&email=wrong${i}%40example.com`)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuses an expired link', async () => {
    const m = await createMember(t.ctx, { email: 'late@example.com' });
    await form(`username=${m.username}&email=late%40example.com`);
    const token = decodeURIComponent(/resetToken=([^\s&]+)/.exec((await lastMail('late@example.com'))!.body)![1]!);
    await t.ctx.db.execute(
      `update one_time_codes set expires_at = now() - interval '1 minute' where member_id = ${m.id}`,
    );
    const res = await t.call({
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: { token, newPassword: 'later1234', confirmNewPassword: 'later1234' },
    });
    expect(res.body.code).toBe('CODE_EXPIRED');
  });
});
