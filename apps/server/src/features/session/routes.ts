import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  GATEWAY_VERSION,
  GATEWAY_VERSION_HEADER,
  OAUTH_CALLBACK_PATH,
  OAUTH_START_PATH,
  oauthProvider,
  sessionEndpoints as ep,
} from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { captchaClientId } from '../verification/routes.ts';
import type { ClientInfo } from './login.ts';
import { popupPage } from './oauth.ts';

export const clientOf = (req: FastifyRequest): ClientInfo => ({
  merchantId: req.merchantId,
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? '',
  captchaClientId: captchaClientId(req),
});

const sendPopup = (reply: FastifyReply, origin: string | null, ticket: string | null) => {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(popupPage(origin, ticket, nonce));
};

export const sessionRoutes = async (app: FastifyInstance) => {
  const ctx = app.ctx;
  const { login, loginVerification, oauth, payloadCrypto } = ctx.accounts;
  app.addHook('onClose', async () => ctx.accounts.close());

  route(app, ep.login, ({ body, req }) =>
    body.type === 'username' ? login.loginWithPassword(clientOf(req), body) : login.loginWithSms(clientOf(req), body),
  );

  route(app, ep.logout, async ({ req }) => {
    await ctx.sessions.revoke(memberOf(req).sessionId, 'logout');
    return null;
  });

  route(app, ep.freePlay, ({ body, req }) => {
    if (req.headers[GATEWAY_VERSION_HEADER] !== GATEWAY_VERSION) {
      throw new AppError('UNSUPPORTED_GATEWAY_VERSION', ACCOUNT_MESSAGES.UNSUPPORTED_GATEWAY_VERSION, 400);
    }
    return login.freePlay(clientOf(req), body.os);
  });

  route(app, ep.encryptionKey, async ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    return payloadCrypto.publicInfo();
  });

  route(app, ep.sendVerificationCode, ({ body, req }) =>
    loginVerification.sendCode(memberOf(req), body.method, req.ip),
  );
  route(app, ep.completeVerification, ({ body, req }) => loginVerification.complete(memberOf(req), body, req.ip));

  route(app, ep.oauthProviders, async ({ req }) =>
    (await oauth.enabled(req.merchantId)).map((provider) => ({
      provider,
      startUrl: OAUTH_START_PATH.replace(':provider', provider),
    })),
  );
  route(app, ep.oauthLogin, ({ body, req }) => oauth.loginWithTicket(clientOf(req), body.ticket));

  // The popup's own pages: a redirect to the provider, and the page it returns to.
  app.get(OAUTH_START_PATH, async (req, reply) => {
    const provider = oauthProvider.safeParse((req.params as { provider?: string }).provider);
    const origin = `${req.protocol}://${req.host}`;
    if (!provider.success) return sendPopup(reply, origin, null);
    try {
      return reply.redirect(await oauth.start(provider.data, req.merchantId, origin));
    } catch (err) {
      req.log.warn({ err }, 'oauth start failed');
      return sendPopup(reply, origin, null);
    }
  });
  app.get(OAUTH_CALLBACK_PATH, async (req, reply) => {
    const provider = oauthProvider.safeParse((req.params as { provider?: string }).provider);
    if (!provider.success) return sendPopup(reply, null, null);
    const result = await oauth.callback(provider.data, new URL(req.url, ctx.config.PUBLIC_BASE_URL));
    return sendPopup(reply, result.origin, result.ticket);
  });
};
