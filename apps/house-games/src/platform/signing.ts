import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The platform's callback signature: hex HMAC-SHA256 with our shared secret over
 * `${timestamp}.${rawBody}`, sent as X-Provider-Signature with X-Provider-Timestamp (unix ms).
 */
export const signBody = (secret: string, timestamp: number, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

export const signatureMatches = (secret: string, timestamp: number, rawBody: string, given: string): boolean => {
  const expected = Buffer.from(signBody(secret, timestamp, rawBody), 'hex');
  const got = Buffer.from(given, 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
};
