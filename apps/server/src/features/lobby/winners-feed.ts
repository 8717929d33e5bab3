import type { BoardWin } from './data.ts';

export type { BoardWin } from './data.ts';

export interface WinnersFeedDeps {
  /** Writes one batch of wins to the board. */
  write: (wins: BoardWin[]) => Promise<void>;
  delayMs: number;
  maxBatch: number;
  onError: (err: unknown) => void;
}

/**
 * The winners board's intake from the game callbacks (decision 038). A win callback must not pay
 * for a second commit just to feed a display board, so wins wait here for up to `delayMs` (or until
 * `maxBatch` are waiting) and go in as one statement. The board reads through `flush()`, so this
 * process always shows its own wins; a crash loses at most the last `delayMs` of board entries,
 * never money (the rounds themselves are committed with the money).
 */
export const createWinnersFeed = ({ write, delayMs, maxBatch, onError }: WinnersFeedDeps) => {
  let waiting: BoardWin[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  /** Writes whatever waits; resolves when every win added before the call is on the board. */
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = waiting;
    waiting = [];
    if (batch.length) writing = writing.then(() => write(batch)).catch(onError);
    return writing;
  };

  return {
    add(win: BoardWin): void {
      waiting.push(win);
      if (waiting.length >= maxBatch) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), delayMs);
        timer.unref();
      }
    },
    flush,
  };
};

export type WinnersFeed = ReturnType<typeof createWinnersFeed>;
