import { memberEndpoints, sealPayload } from '@app/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installAuth, memberOf, type Actor } from './auth.ts';
import { installErrorHandling } from './error-handler.ts';
import { installSealedBodies, PayloadCrypto } from './payload-crypto.ts';
import { route } from './route.ts';
import { serializerCompiler } from './serializer.ts';

const MEMBER: Actor = {
  kind: 'member',
  sessionId: 7,
  merchantId: 1,
  memberId: 42,
  type: 0,
  isAgent: false,
  isTrial: false,
  pendingVerification: null,
};

/**
 * The HTTP layer on its own: no application context, only what app.ts installs (a session lookup
 * and a payload key), and one real contract endpoint that needs both a member and a sealed body.
 */
const bareApp = async () => {
  const payloadCrypto = new PayloadCrypto(undefined, false);
  const seen: { memberId: number; body: unknown }[] = [];
  const app = Fastify();
  app.decorateRequest('merchantId', 1);
  app.decorateRequest('actor', null);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installAuth(app, {
    resolveActor: async (token, merchantId) => (token === 'good' && merchantId === 1 ? MEMBER : null),
  });
  installSealedBodies(app, { payloadCrypto });
  route(app, memberEndpoints.changePassword, ({ body, req }) => {
    seen.push({ memberId: memberOf(req).memberId, body });
    return null;
  });
  await app.ready();
  const key = await payloadCrypto.publicInfo();
  const post = async (token: string | null, payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: memberEndpoints.changePassword.path,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.json<{ code?: string }>() };
  };
  return { app, key, seen, post };
};

const body = { oldPassword: 'abc12345', newPassword: 'xyz98765', confirmNewPassword: 'xyz98765' };

describe('the auth gate and sealed bodies, installed by the app', () => {
  it('resolves the token through the installed lookup and opens the body with the installed key', async () => {
    const { app, key, seen, post } = await bareApp();
    const sealed = await sealPayload(key, memberEndpoints.changePassword.path, body);
    expect((await post('good', sealed)).status).toBe(200);
    expect(seen).toEqual([{ memberId: 42, body }]);
    await app.close();
  });

  it('refuses an unknown token before opening anything, and a plain body the key does not allow', async () => {
    const { app, key, seen, post } = await bareApp();
    const sealed = await sealPayload(key, memberEndpoints.changePassword.path, body);
    expect(await post('stolen', sealed)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await post('good', body)).toMatchObject({ status: 400, body: { code: 'PAYLOAD_ENCRYPTION_REQUIRED' } });
    expect(seen).toEqual([]);
    await app.close();
  });
});
