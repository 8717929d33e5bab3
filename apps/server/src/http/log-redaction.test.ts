import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it.each([
    ['/wps/system/status', '/wps/system/status'],
    ['/?token=abc', '/?token=[redacted]'],
    ['/?a=1&resetToken=abc&b=2', '/?a=1&resetToken=[redacted]&b=2'],
    ['/play/dice?launchToken=abc&lang=en', '/play/dice?launchToken=[redacted]&lang=en'],
    ['/x?TOKEN=abc', '/x?TOKEN=[redacted]'],
    ['/x?%74oken=abc', '/x?%74oken=[redacted]'],
    ['/x?token', '/x?token=[redacted]'],
    ['/x?%E0=1&token=abc', '/x?%E0=1&token=[redacted]'],
    ['/auth/callback?code=abc&state=def', '/auth/callback?code=[redacted]&state=[redacted]'],
    ['/provider/launch/abc', '/provider/launch/[redacted]'],
    ['/provider/launch/abc?x=1', '/provider/launch/[redacted]?x=1'],
    ['/provider/launchpad', '/provider/launchpad'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
