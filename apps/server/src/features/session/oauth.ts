import { randomInt, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { ACCOUNT_MESSAGES, OAUTH_MESSAGE, type LoginValue, type OAuthProvider } from '@app/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import type { EphemeralStore } from '../../lib/rate-limit.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { loginRefusal } from '../account/policy.ts';
import type { AccountService } from '../account/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { ClientInfo, LoginService } from './login.ts';

const STATE_TTL_MS = 10 * 60_000;
const TICKET_TTL_MS = 60_000;

interface PendingState {
  provider: OAuthProvider;
  merchantId: number;
  verifier: string;
  nonce: string;
  /** The site origin that opened the popup; the result is posted to it only. */
  origin: string;
}

const failure = () => new AppError('OAUTH_FAILED', ACCOUNT_MESSAGES.OAUTH_FAILED, 401);

const isLocalHttp = (url: string) => {
  const u = new URL(url);
  return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
};

/**
 * Google (OpenID Connect, discovered from GOOGLE_ISSUER) and Facebook (OAuth 2.0 with its Graph
 * profile endpoint) through openid-client, authorization code flow with PKCE, state and nonce.
 * A provider is offered only when its client id and secret are configured and the brand turns
 * it on. The popup ends on a page that posts a one-minute, single-use ticket to the site, which
 * the site exchanges for a session like any other login.
 */
export class OAuthService {
  private configs = new Map<OAuthProvider, Promise<oidc.Configuration>>();
  constructor(
    private readonly d: {
      config: Config;
      store: EphemeralStore;
      accounts: AccountService;
      merchants: MerchantService;
      login: LoginService;
    },
  ) {}

  private configured(provider: OAuthProvider) {
    const c = this.d.config;
    return provider === 'google'
      ? !!(c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET)
      : !!(c.FACEBOOK_CLIENT_ID && c.FACEBOOK_CLIENT_SECRET);
  }

  async enabled(merchantId: number): Promise<OAuthProvider[]> {
    const features = (await this.d.merchants.brand(merchantId)).merchant.features;
    const out: OAuthProvider[] = [];
    if (features.googleLogin && this.configured('google')) out.push('google');
    if (features.facebookLogin && this.configured('facebook')) out.push('facebook');
    return out;
  }

  private client(provider: OAuthProvider): Promise<oidc.Configuration> {
    let p = this.configs.get(provider);
    if (!p) {
      const c = this.d.config;
      p =
        provider === 'google'
          ? oidc.discovery(
              new URL(c.GOOGLE_ISSUER),
              c.GOOGLE_CLIENT_ID!,
              c.GOOGLE_CLIENT_SECRET!,
              undefined,
              isLocalHttp(c.GOOGLE_ISSUER) ? { execute: [oidc.allowInsecureRequests] } : undefined,
            )
          : Promise.resolve(
              (() => {
                const conf = new oidc.Configuration(
                  {
                    issuer: new URL(c.FACEBOOK_AUTHORIZATION_URL).origin,
                    authorization_endpoint: c.FACEBOOK_AUTHORIZATION_URL,
                    token_endpoint: c.FACEBOOK_TOKEN_URL,
                  },
                  c.FACEBOOK_CLIENT_ID!,
                  c.FACEBOOK_CLIENT_SECRET!,
                );
                if (isLocalHttp(c.FACEBOOK_TOKEN_URL)) oidc.allowInsecureRequests(conf);
                return conf;
              })(),
            );
      // A failed discovery is retried on the next attempt rather than cached.
      p.catch(() => this.configs.delete(provider));
      this.configs.set(provider, p);
    }
    return p;
  }

  private redirectUri(provider: OAuthProvider) {
    return `${this.d.config.PUBLIC_BASE_URL.replace(/\/$/, '')}/wps/session/oauth/${provider}/callback`;
  }

  /** The provider's authorization URL for a popup opened from `origin`. */
  async start(provider: OAuthProvider, merchantId: number, origin: string): Promise<string> {
    if (!(await this.enabled(merchantId)).includes(provider)) {
      throw new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403);
    }
    const conf = await this.client(provider);
    const state = oidc.randomState();
    const pending: PendingState = {
      provider,
      merchantId,
      verifier: oidc.randomPKCECodeVerifier(),
      nonce: oidc.randomNonce(),
      origin,
    };
    await this.d.store.set(`oauth.state:${state}`, JSON.stringify(pending), STATE_TTL_MS);
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri(provider),
      scope: provider === 'google' ? 'openid email profile' : 'email public_profile',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    };
    if (provider === 'google') params.nonce = pending.nonce;
    return oidc.buildAuthorizationUrl(conf, params).href;
  }

  /**
   * Finishes the provider's redirect: checks state, PKCE and (Google) the ID token, finds or
   * creates the member linked to the provider account, and returns a ticket for the site.
   */
  async callback(provider: OAuthProvider, currentUrl: URL): Promise<{ origin: string | null; ticket: string | null }> {
    const state = currentUrl.searchParams.get('state') ?? '';
    const raw = state ? await this.d.store.take(`oauth.state:${state}`) : null;
    if (!raw) return { origin: null, ticket: null };
    const pending = JSON.parse(raw) as PendingState;
    if (pending.provider !== provider || currentUrl.searchParams.has('error'))
      return { origin: pending.origin, ticket: null };
    try {
      const conf = await this.client(provider);
      const tokens = await oidc.authorizationCodeGrant(
        conf,
        currentUrl,
        provider === 'google'
          ? {
              pkceCodeVerifier: pending.verifier,
              expectedState: state,
              expectedNonce: pending.nonce,
              idTokenExpected: true,
            }
          : { pkceCodeVerifier: pending.verifier, expectedState: state },
        { redirect_uri: this.redirectUri(provider) },
      );
      const profile =
        provider === 'google' ? googleProfile(tokens.claims()) : await this.facebookProfile(conf, tokens.access_token);
      const memberId = await this.memberFor(pending.merchantId, provider, profile);
      const ticket = newToken();
      await this.d.store.set(
        `oauth.ticket:${hashToken(ticket)}`,
        JSON.stringify({ memberId, merchantId: pending.merchantId, provider }),
        TICKET_TTL_MS,
      );
      return { origin: pending.origin, ticket };
    } catch {
      return { origin: pending.origin, ticket: null };
    }
  }

  private async facebookProfile(conf: oidc.Configuration, accessToken: string) {
    const res = await oidc.fetchProtectedResource(
      conf,
      accessToken,
      new URL(this.d.config.FACEBOOK_USERINFO_URL),
      'GET',
    );
    if (!res.ok) throw failure();
    const body = (await res.json()) as { id?: unknown; name?: unknown; email?: unknown };
    if (typeof body.id !== 'string' || !body.id) throw failure();
    return {
      subject: body.id,
      email: typeof body.email === 'string' ? body.email : null,
      name: typeof body.name === 'string' ? body.name : null,
    };
  }

  private async memberFor(
    merchantId: number,
    provider: OAuthProvider,
    p: { subject: string; email: string | null; name: string | null },
  ) {
    const { accounts } = this.d;
    const linked = await accounts.findIdentity(merchantId, provider, p.subject);
    if (linked) return linked.memberId;
    // A provider account never takes over an existing member by e-mail: it gets its own account.
    let member = null;
    for (let i = 0; i < 5 && !member; i++) {
      const username = `${provider[0]}${randomInt(10_000_000, 100_000_000)}`;
      if (await accounts.findByUsername(merchantId, username)) continue;
      member = await accounts.createMember({
        merchantId,
        username,
        password: randomBytes(24).toString('base64url'),
        passwordSetBy: 'system',
        nickname: p.name?.slice(0, 24) ?? null,
        email: p.email,
      });
    }
    if (!member) throw failure();
    await accounts.linkIdentity({ merchantId, memberId: member.id, provider, subject: p.subject, email: p.email });
    return member.id;
  }

  /** Exchanges a popup's ticket for a session. */
  async loginWithTicket(c: ClientInfo, ticket: string): Promise<LoginValue> {
    const raw = await this.d.store.take(`oauth.ticket:${hashToken(ticket)}`);
    if (!raw) throw failure();
    const t = JSON.parse(raw) as { memberId: number; merchantId: number; provider: OAuthProvider };
    if (t.merchantId !== c.merchantId) throw failure();
    const member = await this.d.accounts.requireMember(c.merchantId, t.memberId);
    const refusal = loginRefusal(member, 'member');
    if (refusal) throw new AppError(refusal, ACCOUNT_MESSAGES[refusal], 403);
    return this.d.login.completeLogin(c, member, { method: t.provider, area: 'member', typedPassword: null });
  }
}

const googleProfile = (claims: oidc.IDToken | undefined) => {
  if (!claims?.sub) throw failure();
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : null,
    name: typeof claims.name === 'string' ? claims.name : null,
  };
};

/** The page the popup ends on: it hands the result to the site that opened it, then closes. */
export const popupPage = (origin: string | null, ticket: string | null, nonce: string) => {
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
