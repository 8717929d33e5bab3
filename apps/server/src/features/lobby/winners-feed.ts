import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** A settled win on its way to the winners board; the account is already masked. */
export interface BoardWin {
  merchantId: number;
  memberId: number;
  gameId: number;
  roundRef: string;
  customerName: string;
  winAmount: bigint;
}

/**
 * The winners board's intake from the game callbacks (decision 038). A win callback must not pay
 * for a second commit just to feed a display board, so wins wait here for up to `delayMs` (or until
 * `maxBatch` are waiting) and go in as one statement. The board reads through `flush()`, so this
 * process always shows its own wins; a crash loses at most the last `delayMs` of board entries,
 * never money (the rounds themselves are committed with the money).
 */
export class WinnersFeed {
  private waiting: BoardWin[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly opts: { delayMs: number; maxBatch: number; onError: (err: unknown) => void },
  ) {}

  add(win: BoardWin): void {
    this.waiting.push(win);
    if (this.waiting.length >= this.opts.maxBatch) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.opts.delayMs);
      this.timer.unref();
    }
  }

  /** Writes whatever waits; resolves when every win added before the call is on the board. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length) this.writing = this.writing.then(() => insertWins(this.db, batch)).catch(this.opts.onError);
    return this.writing;
  }
}

/** One statement for a batch; a game that left the merchant's catalogue, or a round already on the board, is skipped. */
const insertWins = async (db: Db, wins: BoardWin[]): Promise<void> => {
  const rows = JSON.stringify(
    wins.map((w) => ({
      merchant_id: w.merchantId,
      member_id: w.memberId,
      game_id: w.gameId,
      round_ref: w.roundRef,
      customer_name: w.customerName,
      win_amount: String(w.winAmount),
    })),
  );
  await db.execute(sql`
    INSERT INTO game_wins (merchant_id, member_id, game_id, game_type, round_ref, customer_name, win_amount)
    SELECT v.merchant_id, v.member_id, g.id, g.game_type, v.round_ref, v.customer_name, v.win_amount
      FROM jsonb_to_recordset(${rows}::jsonb)
           AS v(merchant_id integer, member_id integer, game_id integer, round_ref text, customer_name text, win_amount bigint)
      JOIN games g ON g.id = v.game_id AND g.merchant_id = v.merchant_id
    ON CONFLICT DO NOTHING`);
};
