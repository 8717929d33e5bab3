import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';
import { isPaused, onCasinoMessage, resetPause } from './pause.ts';

/** The house games pause while the casino's reality check is open (issue 24). */
describe('the casino pause', () => {
  const casino = { name: 'casino' };
  afterEach(() => {
    resetPause();
    vi.unstubAllGlobals();
  });

  it('pauses on lotus:pause from the frame parent only, and resumes on lotus:resume', () => {
    onCasinoMessage({ data: { type: 'lotus:pause' }, source: {} as MessageEventSource }, casino);
    expect(isPaused()).toBe(false);
    onCasinoMessage({ data: 'lotus:pause', source: casino as unknown as MessageEventSource }, casino);
    expect(isPaused()).toBe(false);
    onCasinoMessage({ data: { type: 'lotus:pause' }, source: casino as unknown as MessageEventSource }, casino);
    expect(isPaused()).toBe(true);
    onCasinoMessage({ data: { type: 'lotus:resume' }, source: casino as unknown as MessageEventSource }, casino);
    expect(isPaused()).toBe(false);
  });

  it('refuses every new stake while paused without calling the server; a cash-out still goes', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ success: true, value: { ok: 1 } }))));
    vi.stubGlobal('fetch', fetch);
    onCasinoMessage({ data: { type: 'lotus:pause' }, source: casino as unknown as MessageEventSource }, casino);
    for (const path of ['/slot/spin', '/dice/roll', '/crash/bet'])
      await expect(api(path, { body: { bet: '100' } })).rejects.toMatchObject({ code: 'PAUSED' });
    expect(fetch).not.toHaveBeenCalled();
    await expect(api('/crash/cashout', { body: {} })).resolves.toEqual({ ok: 1 });
    onCasinoMessage({ data: { type: 'lotus:resume' }, source: casino as unknown as MessageEventSource }, casino);
    await expect(api('/slot/spin', { body: { bet: '100' } })).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
