import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { Integration } from './registry.ts';

/**
 * May this request speak for the vendor it names? Only if it is signed with that vendor's secret
 * (hex HMAC-SHA256 over `${timestamp}.${rawBody}`) and its timestamp is inside the replay window.
 * Checked before anything else, so a forged or stale call changes nothing.
 */
export const signatureOf = (secret: string, timestamp: string, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

export const verifyVendorCall = (
  req: FastifyRequest,
  integration: Integration | undefined,
  rawBody: string,
  windowSeconds: number,
  now = Date.now(),
): Integration => {
  if (!integration || !integration.secret) throw new AppError('UNKNOWN_PROVIDER', 'Unknown provider', 404);
  const ts = req.headers[TIMESTAMP_HEADER];
  const sig = req.headers[SIGNATURE_HEADER];
  if (typeof ts !== 'string' || !/^\d{10,16}$/.test(ts) || typeof sig !== 'string' || !/^[0-9a-f]{64}$/i.test(sig)) {
    throw new AppError('INVALID_SIGNATURE', 'The request is not signed', 401);
  }
  const expected = Buffer.from(signatureOf(integration.secret, ts, rawBody), 'hex');
  const given = Buffer.from(sig.toLowerCase(), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('INVALID_SIGNATURE', 'The signature does not match', 401);
  }
  // After the signature: the timestamp is the vendor's own, so a stale one is a replayed request.
  if (Math.abs(now - Number(ts)) > windowSeconds * 1000) {
    throw new AppError('TIMESTAMP_EXPIRED', `The request timestamp is outside the ${windowSeconds}s window`, 401);
  }
  return integration;
};
