import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { bearer, createMember, login } from '../../../../test/factories/account.ts';

/** Signing in from a URL (decision 055): a single-use code that lives 60 seconds, never a session token. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let ipSeq = 10;
const nextIp = () => `192.0.2.${ipSeq++}`;

const signedIn = async () => {
  const m = await createMember(t.ctx);
  const res = await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() });
  return { m, token: res.body.value.token };
};
const newCode = (token: string) =>
  t.call<{ code: string; expiresInSeconds: number }>({
    method: 'POST',
    url: '/wps/session/sign-in-code',
    headers: bearer(token),
  });
const exchange = (code: unknown, remoteAddress = nextIp()) =>
  t.call<{ token: string; account: string; isAgent: boolean; isTrial: boolean }>({
    method: 'POST',
    url: '/wps/session/sign-in-code/exchange',
    payload: { code },
    remoteAddress,
  });
const info = (token: string) =>
  t.call<{ account: string }>({ method: 'GET', url: '/wps/member/info', headers: bearer(token) });

describe('sign-in codes for URL links', () => {
  it('swaps a code once for a new session of the same member', async () => {
    const { m, token } = await signedIn();
    const c = await newCode(token);
    expect(c.status).toBe(200);
    expect(c.body.value.expiresInSeconds).toBe(60);
    expect(c.body.value.code).not.toBe(token);
    const first = await exchange(c.body.value.code);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ account: m.username, isAgent: false, isTrial: false });
    expect(first.body.value.token).not.toBe(token);
    expect((await info(first.body.value.token)).body.value.account).toBe(m.username);
    // The link's own session and the new one both live.
    expect((await info(token)).status).toBe(200);

    const again = await exchange(c.body.value.code);
    expect([again.status, again.body.code]).toEqual([400, 'SIGN_IN_CODE_INVALID']);
  });

  it('is used once even by parallel exchanges', async () => {
    const { token } = await signedIn();
    const { code } = (await newCode(token)).body.value;
    const answers = await Promise.all(Array.from({ length: 10 }, () => exchange(code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 'SIGN_IN_CODE_INVALID')).toHaveLength(9);
  });

  it('expires after 60 seconds', async () => {
    const { token } = await signedIn();
    const { code } = (await newCode(token)).body.value;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const late = await exchange(code);
    expect([late.status, late.body.code]).toEqual([400, 'SIGN_IN_CODE_INVALID']);
  });

  it('needs a signed-in caller to make one, refuses junk, and never takes a session token as a code', async () => {
    expect((await t.call({ method: 'POST', url: '/wps/session/sign-in-code' })).status).toBe(401);
    const { token } = await signedIn();
    expect((await exchange(token)).body.code).toBe('SIGN_IN_CODE_INVALID');
    const bad = await exchange(42);
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await exchange('short')).status).toBe(400);
  });

  it('gives nothing for a member frozen after the code was made', async () => {
    const { m, token } = await signedIn();
    const { code } = (await newCode(token)).body.value;
    await t.ctx.accounts.freeze(m.merchantId, m.id);
    expect((await exchange(code)).body.code).toBe('SIGN_IN_CODE_INVALID');
  });
});
