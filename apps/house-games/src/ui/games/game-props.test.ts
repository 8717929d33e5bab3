import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_REREADS_MS, rereadBalance } from './game-props.ts';

describe('rereadBalance: a pending credit catches up without a reload', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the wallet now and at each later time, showing what each read answers', async () => {
    const answers = ['100', '100', '350'];
    const read = vi.fn(async () => answers.shift() ?? '350');
    const shown: string[] = [];
    rereadBalance(read, (b) => shown.push(b));
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    expect(shown).toEqual(['100']);
    await vi.advanceTimersByTimeAsync(BALANCE_REREADS_MS.at(-1)!);
    expect(read).toHaveBeenCalledTimes(BALANCE_REREADS_MS.length);
    expect(shown.at(-1)).toBe('350');
  });

  it('a failed read is skipped, and stopping ends the reads and drops an answer still on its way', async () => {
    let release: (b: string) => void = () => undefined;
    const read = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementationOnce(() => new Promise((r) => (release = r)));
    const shown: string[] = [];
    const stop = rereadBalance(read, (b) => shown.push(b));
    await vi.advanceTimersByTimeAsync(BALANCE_REREADS_MS[1]!);
    expect(read).toHaveBeenCalledTimes(2);
    stop();
    release('999');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(2);
    expect(shown).toEqual([]);
  });
});
