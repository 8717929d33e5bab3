import type { HouseDb } from '../store/db.ts';
import { PlatformError, type PlatformClient, type RollbackCall, type WinCall } from '../platform/client.ts';

/**
 * Wallet calls that must reach the platform eventually: wins we owe and rollbacks of bets whose
 * fate we don't know. Retried with backoff (1 s, 2 s, 4 s … capped at 5 minutes) until the
 * platform answers; the platform applies each transaction id once, so a retry is always safe.
 */
export class Outbox {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly db: HouseDb,
    private readonly platform: PlatformClient,
  ) {}

  start(everyMs = 1000) {
    this.timer = setInterval(() => void this.drain(), everyMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
  }

  /** Sends every due call once. Returns how many were delivered. */
  async drain(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let delivered = 0;
    try {
      const due = await this.db.query<{ id: string; bet_id: string; kind: string; payload: unknown; attempts: number }>(
        `SELECT id, bet_id, kind, payload, attempts FROM hg_outbox WHERE done_at IS NULL AND next_at <= now() ORDER BY id LIMIT 50`,
      );
      for (const row of due) {
        const p = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>;
        try {
          const r =
            row.kind === 'win'
              ? await this.platform.win({ ...(p as unknown as WinCall), amount: BigInt(String(p.amount)) })
              : await this.platform.rollback(p as unknown as RollbackCall);
          await this.db.query('UPDATE hg_outbox SET done_at = now(), attempts = attempts + 1 WHERE id = $1', [row.id]);
          await this.db.query(
            `UPDATE hg_bets SET status = CASE WHEN $2 = 'win' THEN 'settled' ELSE 'refunded' END, balance_after = $3,
                    settled_at = now() WHERE id = $1`,
            [row.bet_id, row.kind, r.balance],
          );
          delivered++;
        } catch (err) {
          const retryable = !(err instanceof PlatformError) || err.retryable;
          const attempts = Number(row.attempts) + 1;
          const delay = Math.min(300, 2 ** Math.min(attempts - 1, 9));
          await this.db.query(
            `UPDATE hg_outbox SET attempts = $2, last_error = $3, next_at = now() + make_interval(secs => $4),
                    done_at = CASE WHEN $5 THEN NULL ELSE now() END WHERE id = $1`,
            [row.id, attempts, (err as Error).message.slice(0, 500), delay, retryable],
          );
          if (!retryable)
            console.error(
              `house-games outbox: ${row.kind} for bet ${row.bet_id} refused for good: ${(err as Error).message}`,
            );
        }
      }
    } finally {
      this.running = false;
    }
    return delivered;
  }
}
