import { describe, expect, it } from 'vitest';
import en from './en.ts';

// Keys, placeholders and translation of every table are checked by ../coverage.test.ts.
describe('the shell’s English table', () => {
  it('keeps the spec’s English messages (§8)', () => {
    expect(en.network_abnormal).toBe('Network link is abnormal, please try again');
    expect(en.not_logged_in).toBe('You are not logged in, please login');
    expect(en.page_load_slow).toBe('The page took longer time to load, please check your network connectivity');
  });
});
