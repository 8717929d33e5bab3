import type { FastifyRequest } from 'fastify';

/**
 * Request logging without secrets (decision 051): tokens travel in some URLs (the launch CDN path,
 * `?token=` sign-in links, `?resetToken=` e-mailed links, `?launchToken=` game launches, OAuth
 * `code`s), and whoever reads the logs must not be able to replay them.
 */
const SECRET_PARAMS = new Set(
  ['token', 'resetToken', 'launchToken', 'accessToken', 'access_token', 'code', 'exchangeCode', 'state'].map((p) =>
    p.toLowerCase(),
  ),
);
/** Paths whose segment after the prefix is a token. */
const TOKEN_PATHS = [/^(\/provider\/launch\/)[^/?#]+/];
export const REDACTED = '[redacted]';

/** The URL with token path segments and secret query values replaced by `[redacted]`. */
export const redactUrl = (url: string): string => {
  const q = url.indexOf('?');
  let pathname = q === -1 ? url : url.slice(0, q);
  for (const pattern of TOKEN_PATHS) pathname = pathname.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return pathname;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathname}?${query}`;
};

/** Pino's options for the platform's log: what a request line holds, and what is never written. */
export const loggerOptions = (level: string) => ({
  level,
  // Nothing logs headers today; should anything do, credentials stay out.
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-api-key"]',
      'headers.authorization',
      'headers.cookie',
      'res.headers["set-cookie"]',
    ],
    censor: REDACTED,
  },
  serializers: {
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
  },
});
