import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  OAUTH_CALLBACK_PATH,
  OAUTH_MESSAGE,
  OAUTH_START_PATH,
  oauthProvider,
  sessionEndpoints as ep,
} from '@app/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../../http/route.ts';
import { clientOf } from '../login/routes.ts';
import type { OAuthService } from './service.ts';

/** The page the popup ends on: it hands the result to the site that opened it, then closes. */
const popupPage = (origin: string | null, ticket: string | null, nonce: string) => {
  const message = ticket
    ? { type: OAUTH_MESSAGE, ticket }
    : { type: OAUTH_MESSAGE, error: ACCOUNT_MESSAGES.OAUTH_FAILED };
  const target = JSON.stringify(origin ?? '');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Login</title></head><body>
<p>${ticket ? 'Signing you in…' : ACCOUNT_MESSAGES.OAUTH_FAILED}</p>
<script nonce="${nonce}">
(function () {
  var msg = ${JSON.stringify(message)};
  var target = ${target};
  if (window.opener && target) { window.opener.postMessage(msg, target); }
  setTimeout(function () { window.close(); }, 50);
})();
</script></body></html>`;
};

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

/** Google and Facebook login: the offered providers, the popup's pages, and the ticket exchange. */
export const oauthRoutes =
  ({ oauth }: { oauth: OAuthService }) =>
  async (app: FastifyInstance) => {
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
      const result = await oauth.callback(provider.data, req.url);
      return sendPopup(reply, result.origin, result.ticket);
    });
  };
