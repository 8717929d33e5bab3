import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, secretsKeyOf } from './secret-box.ts';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals a secret so that the stored text does not show it, and opens it again', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed.startsWith('sb1:')).toBe(true);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a sealed value that was changed or sealed under another key', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    const raw = Buffer.from(sealed.slice(4), 'base64');
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(() => box.open(`sb1:${raw.toString('base64')}`)).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('reads a value stored before sealing as it is', () => {
    expect(box.open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('has the demo key only for demo data, and refuses to seal without a key', () => {
    expect(secretsKeyOf(undefined, true)).toHaveLength(32);
    expect(secretsKeyOf(undefined, false)).toBeNull();
    expect(secretsKeyOf(randomBytes(32).toString('base64'), false)).toHaveLength(32);
    const none = new SecretBox(null);
    expect(none.available).toBe(false);
    expect(() => none.seal('x')).toThrow(/SECRETS_KEY/);
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});
