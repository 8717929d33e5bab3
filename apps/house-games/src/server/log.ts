import type { FastifyRequest } from 'fastify';

/**
 * House games' request log without secrets (the platform's decision 051, applied here too): game
 * launches carry `?launchToken=`, the live crash feed `?token=` (EventSource sends no headers), and
 * the screens' calls a bearer header. Those values are replaced before a line is written.
 */
const SECRET_PARAMS = new Set(['token', 'launchtoken', 'resettoken', 'accesstoken', 'access_token']);
export const REDACTED = '[redacted]';

export const redactUrl = (url: string): string => {
  const q = url.indexOf('?');
  if (q === -1) return url;
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
  return `${url.slice(0, q)}?${query}`;
};

export const loggerOptions = (level: string) => ({
  level,
  redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: REDACTED },
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
