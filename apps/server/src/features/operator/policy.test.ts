import { describe, expect, it } from 'vitest';
import { loginSteps, needsSecondFactor, oneTimePassword, stepsOf, storedSteps } from './policy.ts';

const op = { role: 'admin' as const, demo: false, totpEnabled: false, mustChangePassword: false };

describe('operator login steps', () => {
  it('asks admin and finance to enrol an authenticator, not support or content', () => {
    expect(loginSteps(op, false)).toEqual(['totp_enrol']);
    expect(loginSteps({ ...op, role: 'finance' }, false)).toEqual(['totp_enrol']);
    expect(loginSteps({ ...op, role: 'support' }, false)).toEqual([]);
    expect(loginSteps({ ...op, role: 'content' }, false)).toEqual([]);
  });

  it('asks an enrolled operator for a code first, then a new password', () => {
    expect(loginSteps({ ...op, totpEnabled: true, mustChangePassword: true }, false)).toEqual([
      'totp',
      'password_change',
    ]);
    expect(loginSteps({ ...op, mustChangePassword: true }, false)).toEqual(['password_change', 'totp_enrol']);
  });

  it('lets a demo account skip the second factor only while the demo is on', () => {
    expect(needsSecondFactor({ role: 'admin', demo: true }, true)).toBe(false);
    expect(needsSecondFactor({ role: 'admin', demo: true }, false)).toBe(true);
    expect(needsSecondFactor({ role: 'admin', demo: false }, true)).toBe(true);
  });

  it('stores steps as a comma list and reads back only known ones', () => {
    expect(storedSteps([])).toBeNull();
    expect(stepsOf(storedSteps(['totp', 'totp_enrol']))).toEqual(['totp', 'totp_enrol']);
    expect(stepsOf('login_ip,password_change')).toEqual(['password_change']);
    expect(stepsOf(null)).toEqual([]);
  });
});

describe('one-time passwords', () => {
  it('are 14 characters with a letter and a digit, and differ each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = oneTimePassword();
      expect(p).toMatch(/^[A-Za-z0-9]{14}$/);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[A-Za-z]/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
