import { generateKeyPairSync } from 'node:crypto';
import { sealPayload } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createMember, uniqueName } from '../../test/factories/account.ts';

/** Payload encryption (spec §7; docs/decisions 'payload encryption'). */
let t: TestApp;
let key: { kid: string; publicKey: string; required: boolean; algorithm: string };
beforeAll(async () => {
  t = await createTestApp({ env: { PAYLOAD_PLAINTEXT_ALLOWED: 'false' } });
  key = (await t.call<typeof key>({ method: 'GET', url: '/wps/session/encryption-key' })).body.value;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.call<{ token?: string }>({ method: 'POST', url, payload: payload as object });

describe('encrypted calls', () => {
  it('publishes the key and says plain bodies are refused', () => {
    expect(key).toMatchObject({ algorithm: 'RSA-OAEP-256+A256GCM', required: true });
    expect(Buffer.from(key.publicKey, 'base64').length).toBeGreaterThan(250);
  });

  it('accepts a sealed login and refuses a plain one', async () => {
    const m = await createMember(t.ctx);
    const body = { type: 'username', username: m.username, password: m.password };
    const plain = await post('/wps/session/login', body);
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({
      code: 'PAYLOAD_ENCRYPTION_REQUIRED',
      message: 'This request must be encrypted',
    });
    const sealed = await post('/wps/session/login', await sealPayload(key, '/wps/session/login', body));
    expect(sealed.status).toBe(200);
    expect(sealed.body.value.token).toBeTruthy();
  });

  it('validates the opened body against the contract like a plain one', async () => {
    const sealed = await sealPayload(key, '/wps/member/register', {
      username: 'x',
      password: '',
      confirmPassword: '',
      hack: 1,
    });
    const res = await post('/wps/member/register', sealed);
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ hack: 'Unknown field' });
  });

  it('registers through a sealed body', async () => {
    const body = {
      username: uniqueName('enc'),
      password: 'abc12345',
      confirmPassword: 'abc12345',
      agreeTerms: true,
      ageConfirmed: true,
      birthday: '1990-01-15',
    };
    const res = await post('/wps/member/register', await sealPayload(key, '/wps/member/register', body));
    expect(res.status).toBe(200);
  });

  it('refuses a tampered body, one sealed for another call, a foreign key and an old one', async () => {
    const body = { type: 'username', username: 'someone1', password: 'abc12345' };
    const sealed = await sealPayload(key, '/wps/session/login', body);
    const data = Buffer.from(sealed.encrypted.data, 'base64');
    data[3] = data[3]! ^ 1;
    const tampered = { encrypted: { ...sealed.encrypted, data: data.toString('base64') } };
    expect((await post('/wps/session/login', tampered)).body.code).toBe('PAYLOAD_UNREADABLE');
    const elsewhere = await sealPayload(key, '/wps/member/register', body);
    expect((await post('/wps/session/login', elsewhere)).body.code).toBe('PAYLOAD_UNREADABLE');
    const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64');
    expect(
      (
        await post(
          '/wps/session/login',
          await sealPayload({ kid: key.kid, publicKey: foreign }, '/wps/session/login', body),
        )
      ).body.code,
    ).toBe('PAYLOAD_UNREADABLE');
    const spy = vi.spyOn(Date, 'now').mockReturnValue(Date.now() - 10 * 60_000);
    const old = await sealPayload(key, '/wps/session/login', body);
    spy.mockRestore();
    const res = await post('/wps/session/login', old);
    expect(res.body).toMatchObject({
      code: 'PAYLOAD_UNREADABLE',
      message: 'The encrypted request could not be read, please reload the page',
    });
    expect((await post('/wps/session/login', { encrypted: { v: 2 } })).body.code).toBe('PAYLOAD_UNREADABLE');
  });

  it('leaves calls the spec does not mark encrypted as plain JSON', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { 'x-gateway-version': '3' },
      payload: { platform: 'W' },
    });
    expect(res.status).toBe(200);
  });

  it('uses a configured key, so every server process shares it', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const a = await createTestApp({ env: { PAYLOAD_RSA_PRIVATE_KEY: pem.replace(/\n/g, '\\n') } });
    const b = await createTestApp({ env: { PAYLOAD_RSA_PRIVATE_KEY: pem } });
    try {
      const ka = (await a.call<typeof key>({ method: 'GET', url: '/wps/session/encryption-key' })).body.value;
      const kb = (await b.call<typeof key>({ method: 'GET', url: '/wps/session/encryption-key' })).body.value;
      expect(ka.kid).toBe(kb.kid);
      expect(ka.required).toBe(false); // demo mode allows plain JSON by default
      const m = await createMember(b.ctx);
      const sealed = await sealPayload(ka, '/wps/session/login', {
        type: 'username',
        username: m.username,
        password: m.password,
      });
      expect((await b.call({ method: 'POST', url: '/wps/session/login', payload: sealed })).status).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
