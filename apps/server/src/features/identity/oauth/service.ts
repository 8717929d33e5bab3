import { randomInt, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { ACCOUNT_MESSAGES, type LoginValue, type OAuthProvider } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { EphemeralStore } from '../../../lib/rate-limit.ts';
import { hashToken, newToken } from '../../../lib/tokens.ts';
import type { MerchantService } from '../../merchant/service.ts';
import { loginRefusal } from '../login/policy.ts';
import type { ClientInfo, LoginService } from '../login/service.ts';
import type { AccountService } from '../members/service.ts';
import * as data from './data.ts';

/** The providers' client settings (GOOGLE_*, FACEBOOK_*); a provider without id and secret is off. */
export interface OAuthProviders {
  google: { clientId?: string | undefined; clientSecret?: string | undefined; issuer: string };
  facebook: {
    clientId?: string | undefined;
    clientSecret?: string | undefined;
    authorizationUrl: string;
    tokenUrl: string;
    userinfoUrl: string;
  };
}

export interface OAuthDeps {
  /** The links between provider accounts and members (member_identities). */
  db: Db;
  accounts: Pick<AccountService, 'findByUsername' | 'createMember' | 'requireMember'>;
  login: Pick<LoginService, 'completeLogin'>;
  merchants: Pick<MerchantService, 'brand'>;
  /** Keeps the popup's state and the one-minute tickets. */
  ephemeral: EphemeralStore;
  providers: OAuthProviders;
  /** The redirect URI's origin (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
}

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
 * Google (OpenID Connect, discovered from its issuer) and Facebook (OAuth 2.0 with its Graph
 * profile endpoint) through openid-client, authorization code flow with PKCE, state and nonce
 * (decision 009). A provider is offered only when its client id and secret are configured and the
 * brand turns it on. The popup ends on a page that posts a one-minute, single-use ticket to the
 * site, which the site exchanges for a session like any other login.
 */
export const createOAuthService = ({
  db,
  accounts,
  login,
  merchants,
  ephemeral,
  providers,
  publicBaseUrl,
}: OAuthDeps) => {
  const configs = new Map<OAuthProvider, Promise<oidc.Configuration>>();
  const { google, facebook } = providers;

  const configured = (provider: OAuthProvider) =>
    provider === 'google' ? !!(google.clientId && google.clientSecret) : !!(facebook.clientId && facebook.clientSecret);

  const enabled = async (merchantId: number): Promise<OAuthProvider[]> => {
    const features = (await merchants.brand(merchantId)).merchant.features;
    const out: OAuthProvider[] = [];
    if (features.googleLogin && configured('google')) out.push('google');
    if (features.facebookLogin && configured('facebook')) out.push('facebook');
    return out;
  };

  const client = (provider: OAuthProvider): Promise<oidc.Configuration> => {
    let p = configs.get(provider);
    if (!p) {
      p =
        provider === 'google'
          ? oidc.discovery(
              new URL(google.issuer),
              google.clientId!,
              google.clientSecret,
              undefined,
              isLocalHttp(google.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
            )
          : Promise.resolve(
              (() => {
                const conf = new oidc.Configuration(
                  {
                    issuer: new URL(facebook.authorizationUrl).origin,
                    authorization_endpoint: facebook.authorizationUrl,
                    token_endpoint: facebook.tokenUrl,
                  },
                  facebook.clientId!,
                  facebook.clientSecret,
                );
                if (isLocalHttp(facebook.tokenUrl)) oidc.allowInsecureRequests(conf);
                return conf;
              })(),
            );
      // A failed discovery is retried on the next attempt rather than cached.
      p.catch(() => configs.delete(provider));
      configs.set(provider, p);
    }
    return p;
  };

  const redirectUri = (provider: OAuthProvider) =>
    `${publicBaseUrl.replace(/\/$/, '')}/wps/session/oauth/${provider}/callback`;

  const facebookProfile = async (conf: oidc.Configuration, accessToken: string) => {
    const res = await oidc.fetchProtectedResource(conf, accessToken, new URL(facebook.userinfoUrl), 'GET');
    if (!res.ok) throw failure();
    const body = (await res.json()) as { id?: unknown; name?: unknown; email?: unknown };
    if (typeof body.id !== 'string' || !body.id) throw failure();
    return {
      subject: body.id,
      email: typeof body.email === 'string' ? body.email : null,
      name: typeof body.name === 'string' ? body.name : null,
    };
  };

  const memberFor = async (
    merchantId: number,
    provider: OAuthProvider,
    p: { subject: string; email: string | null; name: string | null },
  ) => {
    const linked = await data.findIdentity(db, merchantId, provider, p.subject);
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
    await data.insertIdentity(db, { merchantId, memberId: member.id, provider, subject: p.subject, email: p.email });
    return member.id;
  };

  return {
    enabled,

    /** The provider's authorization URL for a popup opened from `origin`. */
    async start(provider: OAuthProvider, merchantId: number, origin: string): Promise<string> {
      if (!(await enabled(merchantId)).includes(provider)) {
        throw new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403);
      }
      const conf = await client(provider);
      const state = oidc.randomState();
      const pending: PendingState = {
        provider,
        merchantId,
        verifier: oidc.randomPKCECodeVerifier(),
        nonce: oidc.randomNonce(),
        origin,
      };
      await ephemeral.set(`oauth.state:${state}`, JSON.stringify(pending), STATE_TTL_MS);
      const params: Record<string, string> = {
        redirect_uri: redirectUri(provider),
        scope: provider === 'google' ? 'openid email profile' : 'email public_profile',
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      };
      if (provider === 'google') params.nonce = pending.nonce;
      return oidc.buildAuthorizationUrl(conf, params).href;
    },

    /**
     * Finishes the provider's redirect to `requestUrl` (path and query of the callback): checks
     * state, PKCE and (Google) the ID token, finds or creates the member linked to the provider
     * account, and returns a ticket for the site.
     */
    async callback(
      provider: OAuthProvider,
      requestUrl: string,
    ): Promise<{ origin: string | null; ticket: string | null }> {
      const currentUrl = new URL(requestUrl, publicBaseUrl);
      const state = currentUrl.searchParams.get('state') ?? '';
      const raw = state ? await ephemeral.take(`oauth.state:${state}`) : null;
      if (!raw) return { origin: null, ticket: null };
      const pending = JSON.parse(raw) as PendingState;
      if (pending.provider !== provider || currentUrl.searchParams.has('error'))
        return { origin: pending.origin, ticket: null };
      try {
        const conf = await client(provider);
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
          { redirect_uri: redirectUri(provider) },
        );
        const profile =
          provider === 'google' ? googleProfile(tokens.claims()) : await facebookProfile(conf, tokens.access_token);
        const memberId = await memberFor(pending.merchantId, provider, profile);
        const ticket = newToken();
        await ephemeral.set(
          `oauth.ticket:${hashToken(ticket)}`,
          JSON.stringify({ memberId, merchantId: pending.merchantId, provider }),
          TICKET_TTL_MS,
        );
        return { origin: pending.origin, ticket };
      } catch {
        return { origin: pending.origin, ticket: null };
      }
    },

    /** Exchanges a popup's ticket for a session. */
    async loginWithTicket(c: ClientInfo, ticket: string): Promise<LoginValue> {
      const raw = await ephemeral.take(`oauth.ticket:${hashToken(ticket)}`);
      if (!raw) throw failure();
      const t = JSON.parse(raw) as { memberId: number; merchantId: number; provider: OAuthProvider };
      if (t.merchantId !== c.merchantId) throw failure();
      const member = await accounts.requireMember(c.merchantId, t.memberId);
      const refusal = loginRefusal(member, 'member');
      if (refusal) throw new AppError(refusal, ACCOUNT_MESSAGES[refusal], 403);
      return login.completeLogin(c, member, { method: t.provider, area: 'member', typedPassword: null });
    },
  };
};

export type OAuthService = ReturnType<typeof createOAuthService>;

const googleProfile = (claims: oidc.IDToken | undefined) => {
  if (!claims?.sub) throw failure();
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : null,
    name: typeof claims.name === 'string' ? claims.name : null,
  };
};
