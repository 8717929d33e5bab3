import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenID Connect provider (Google-like: discovery, authorize, token with PKCE, JWKS,
 * RS256 ID tokens) plus a Facebook-like OAuth 2.0 pair (token, /me) for tests. The test plays the
 * user: `consent(authorizeUrl, user)` returns the redirect the provider would send the browser to.
 */
export interface MockUser {
  sub: string;
  email?: string;
  name?: string;
}

export const startMockProvider = async (clientId: string, clientSecret: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { user: MockUser; nonce: string | null; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, MockUser>();
  let issuer = '';
  /** Test switches: make the next token answer carry a wrong nonce. */
  const faults = { wrongNonce: false };

  const b64 = (v: object | Buffer) => (Buffer.isBuffer(v) ? v : Buffer.from(JSON.stringify(v))).toString('base64url');
  const idToken = (user: MockUser, nonce: string | null) => {
    const now = Math.floor(Date.now() / 1000);
    const header = b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' });
    const payload = b64({
      iss: issuer,
      aud: clientId,
      sub: user.sub,
      iat: now,
      exp: now + 300,
      ...(nonce ? { nonce: faults.wrongNonce ? 'forged' : nonce } : {}),
      ...(user.email ? { email: user.email, email_verified: true } : {}),
      ...(user.name ? { name: user.name } : {}),
    });
    const sig = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey);
    return `${header}.${payload}.${b64(sig)}`;
  };

  const readBody = (req: http.IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => resolve(new URLSearchParams(raw)));
    });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: object) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/token' || url.pathname === '/fb/token') {
      const form = await readBody(req);
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
        : null;
      const id = form.get('client_id') ?? basic?.[0];
      const secret = form.get('client_secret') ?? basic?.[1];
      if (id !== clientId || secret !== clientSecret) return json(401, { error: 'invalid_client' });
      const entry = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!entry || entry.redirectUri !== form.get('redirect_uri')) return json(400, { error: 'invalid_grant' });
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (challenge !== entry.challenge) return json(400, { error: 'invalid_grant', error_description: 'PKCE' });
      const access = randomBytes(16).toString('hex');
      tokens.set(access, entry.user);
      return json(200, {
        access_token: access,
        token_type: 'Bearer',
        expires_in: 300,
        ...(url.pathname === '/token' ? { id_token: idToken(entry.user, entry.nonce) } : {}),
      });
    }
    if (url.pathname === '/fb/me') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
      if (!user) return json(401, { error: 'invalid_token' });
      return json(200, { id: user.sub, name: user.name, email: user.email });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    faults,
    facebook: {
      authorize: `${issuer}/fb/dialog`,
      token: `${issuer}/fb/token`,
      me: `${issuer}/fb/me?fields=id,name,email`,
    },
    /** What the provider does when the user agrees: a redirect back to the site with a code. */
    consent(authorizeUrl: string, user: MockUser): string {
      const u = new URL(authorizeUrl);
      if (u.searchParams.get('client_id') !== clientId) throw new Error('wrong client');
      const code = randomBytes(12).toString('hex');
      const redirectUri = u.searchParams.get('redirect_uri')!;
      codes.set(code, {
        user,
        nonce: u.searchParams.get('nonce'),
        challenge: u.searchParams.get('code_challenge')!,
        redirectUri,
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', u.searchParams.get('state')!);
      return back.href;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
