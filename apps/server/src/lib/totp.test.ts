import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, otpauthUrl, totpAt } from './totp.ts';

// RFC 6238 appendix B (SHA-1 seed "12345678901234567890"), last six digits of each 8-digit value.
const SECRET = base32Encode(Buffer.from('12345678901234567890'));
const VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s gives %s', (seconds, code) => {
    expect(totpAt(SECRET, seconds * 1000)).toBe(code);
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(() => base32Decode('not base32!')).toThrow();
  });

  it('accepts one step of clock drift either way and nothing further', () => {
    const now = 1_700_000_000_000;
    expect(matchTotp(SECRET, totpAt(SECRET, now - 30_000), now)).not.toBeNull();
    expect(matchTotp(SECRET, totpAt(SECRET, now + 30_000), now)).not.toBeNull();
    expect(matchTotp(SECRET, totpAt(SECRET, now - 90_000), now)).toBeNull();
    expect(matchTotp(SECRET, '12ab56', now)).toBeNull();
  });

  it('builds an otpauth URL authenticator apps read', () => {
    expect(otpauthUrl('Lotus88', 'ana', 'ABC')).toBe(
      'otpauth://totp/Lotus88:ana?secret=ABC&issuer=Lotus88&algorithm=SHA1&digits=6&period=30',
    );
  });
});
