import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { bearer, defaultMerchantId } from '../../../../test/factories/account.ts';
import { startMockProvider } from '../../../../test/mock-oauth-provider.ts';

let t: TestApp;
let provider: Awaited<ReturnType<typeof startMockProvider>>;
beforeAll(async () => {
  provider = await startMockProvider('lotus-client', 'lotus-secret');
  t = await createTestApp({
    env: {
      PUBLIC_BASE_URL: 'http://localhost:3000',
      GOOGLE_CLIENT_ID: 'lotus-client',
      GOOGLE_CLIENT_SECRET: 'lotus-secret',
      GOOGLE_ISSUER: provider.issuer,
      FACEBOOK_CLIENT_ID: 'lotus-client',
      FACEBOOK_CLIENT_SECRET: 'lotus-secret',
      FACEBOOK_AUTHORIZATION_URL: provider.facebook.authorize,
      FACEBOOK_TOKEN_URL: provider.facebook.token,
      FACEBOOK_USERINFO_URL: provider.facebook.me,
    },
  });
  const merchantId = await defaultMerchantId(t.ctx);
  const brand = await t.ctx.merchants.brand(merchantId);
  await t.ctx.merchants.update(merchantId, {
    features: { ...brand.merchant.features, googleLogin: true, facebookLogin: true },
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const popup = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });
  return res;
};
const ticketOf = (html: string) => /"ticket":"([^"]+)"/.exec(html)?.[1] ?? null;

/** Runs the whole popup: start → provider consent → callback page; returns the page. */
const runPopup = async (which: 'google' | 'facebook', user: { sub: string; email?: string; name?: string }) => {
  const start = await popup(`/wps/session/oauth/${which}/start`);
  expect(start.statusCode).toBe(302);
  const back = new URL(provider.consent(String(start.headers.location), user));
  return popup(back.pathname + back.search);
};

describe('Google and Facebook login', () => {
  it('lists the providers only when configured and switched on for the brand', async () => {
    const res = await t.call<{ provider: string; startUrl: string }[]>({
      method: 'GET',
      url: '/wps/session/oauth/providers',
    });
    expect(res.body.value).toEqual([
      { provider: 'google', startUrl: '/wps/session/oauth/google/start' },
      { provider: 'facebook', startUrl: '/wps/session/oauth/facebook/start' },
    ]);
    const bare = await createTestApp();
    try {
      expect((await bare.call({ method: 'GET', url: '/wps/session/oauth/providers' })).body.value).toEqual([]);
      const start = await bare.app.inject({ method: 'GET', url: '/wps/session/oauth/google/start' });
      expect(start.statusCode).toBe(200);
      expect(start.body).toContain('Login failure. Please try again.');
    } finally {
      await bare.close();
    }
  });

  it('logs in with Google (PKCE, state, nonce, signed ID token) and finds the same member next time', async () => {
    const start = await popup('/wps/session/oauth/google/start');
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/wps/session/oauth/google/callback');

    const back = new URL(provider.consent(authorize.href, { sub: 'g-123', email: 'ana@gmail.com', name: 'Ana' }));
    const page = await popup(back.pathname + back.search);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
    expect(page.body).toContain('window.opener.postMessage(msg, target)');
    expect(page.body).toContain('"http://localhost:3000"');
    const ticket = ticketOf(page.body)!;
    const res = await t.call<{ token: string; mustChangePassword: boolean }>({
      method: 'POST',
      url: '/wps/session/login/oauth',
      payload: { ticket },
    });
    expect(res.status).toBe(200);
    expect(res.body.value.mustChangePassword).toBe(false);
    const info = await t.call<{ id: string; account: string; nickname: string }>({
      method: 'GET',
      url: '/wps/member/info',
      headers: bearer(res.body.value.token),
    });
    expect(info.body.value.account).toMatch(/^g\d{8}$/);

    const again = await runPopup('google', { sub: 'g-123', email: 'ana@gmail.com' });
    const res2 = await t.call<{ token: string }>({
      method: 'POST',
      url: '/wps/session/login/oauth',
      payload: { ticket: ticketOf(again.body) },
    });
    const info2 = await t.call<{ id: string }>({
      method: 'GET',
      url: '/wps/member/info',
      headers: bearer(res2.body.value.token),
    });
    expect(info2.body.value.id).toBe(info.body.value.id);

    const reuse = await t.call({ method: 'POST', url: '/wps/session/login/oauth', payload: { ticket } });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: 'OAUTH_FAILED', message: 'Login failure. Please try again.' });
  });

  it('logs in with Facebook through its profile endpoint', async () => {
    const page = await runPopup('facebook', { sub: 'fb-777', name: 'Bruno', email: 'bruno@fb.example' });
    const ticket = ticketOf(page.body);
    expect(ticket).toBeTruthy();
    const res = await t.call<{ token: string }>({
      method: 'POST',
      url: '/wps/session/login/oauth',
      payload: { ticket },
    });
    const info = await t.call<{ account: string; nickname: string }>({
      method: 'GET',
      url: '/wps/member/info',
      headers: bearer(res.body.value.token),
    });
    expect(info.body.value).toMatchObject({ nickname: 'Bruno' });
    expect(info.body.value.account).toMatch(/^f\d{8}$/);
  });

  it('fails closed: unknown state, a forged nonce, or the user cancelling', async () => {
    const forgedState = await popup('/wps/session/oauth/google/callback?code=abc&state=made-up');
    expect(forgedState.body).toContain('Login failure. Please try again.');
    expect(ticketOf(forgedState.body)).toBeNull();

    provider.faults.wrongNonce = true;
    try {
      const page = await runPopup('google', { sub: 'g-evil' });
      expect(ticketOf(page.body)).toBeNull();
      expect(page.body).toContain('"error":"Login failure. Please try again."');
    } finally {
      provider.faults.wrongNonce = false;
    }

    const start = await popup('/wps/session/oauth/google/start');
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    const cancelled = await popup(`/wps/session/oauth/google/callback?error=access_denied&state=${state}`);
    expect(ticketOf(cancelled.body)).toBeNull();
  });
});
