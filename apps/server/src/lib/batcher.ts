/**
 * Natural batching (decision 043): items submitted while the database is busy with earlier batches
 * wait and go together as the next batch, so under load one statement and one commit carry many
 * items, and a lone item goes at once (no timer, no added wait when idle).
 *
 * - At most `inFlight` batches run at a time; each takes up to `maxSize` waiting items, oldest first.
 * - Two items that share a key (`keysOf`: the member, the round, the transaction id) never go in the
 *   same batch; the later one waits for a following batch.
 * - `run` answers one result per item, in order; null means "not done here" and the caller takes its
 *   own one-at-a-time path. When a batch fails as a whole, every item in it is answered null.
 * - `run` is told its lane (0 … inFlight-1): no two batches running at once share a lane, so a batch
 *   can use a lane's own rows (the house sub-account) without queueing behind another batch.
 */
export interface BatcherOptions<I> {
  maxSize: number;
  inFlight: number;
  keysOf: (item: I) => string[];
  /** Told when a whole batch fails (its items then go the one-at-a-time way). */
  onFailure?: (err: unknown, size: number) => void;
}

interface Waiting<I, O> {
  item: I;
  resolve: (result: O | null) => void;
}

export class Batcher<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private running = 0;
  private readonly freeLanes: number[] = [];
  private scheduled = false;
  /** Batches sent and items carried, for the bench and the tests. */
  readonly stats = { batches: 0, items: 0, failed: 0 };

  constructor(
    private readonly run: (items: I[], lane: number) => Promise<(O | null)[]>,
    private readonly opts: BatcherOptions<I>,
  ) {
    for (let lane = opts.inFlight - 1; lane >= 0; lane--) this.freeLanes.push(lane);
  }

  submit(item: I): Promise<O | null> {
    return new Promise((resolve) => {
      this.waiting.push({ item, resolve });
      this.schedule();
    });
  }

  /** Items that arrive in the same turn of the event loop join one batch. */
  private schedule() {
    if (this.scheduled || this.running >= this.opts.inFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain() {
    while (this.running < this.opts.inFlight && this.waiting.length > 0) {
      const batch = this.take();
      this.running++;
      this.stats.batches++;
      this.stats.items += batch.length;
      void this.send(batch, this.freeLanes.pop()!);
    }
  }

  private take(): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    const used = new Set<string>();
    const rest: Waiting<I, O>[] = [];
    for (const w of this.waiting) {
      const keys = this.opts.keysOf(w.item);
      if (batch.length < this.opts.maxSize && keys.every((k) => !used.has(k))) {
        batch.push(w);
        for (const k of keys) used.add(k);
      } else {
        rest.push(w);
      }
    }
    this.waiting = rest;
    return batch;
  }

  private async send(batch: Waiting<I, O>[], lane: number) {
    try {
      const results = await this.run(
        batch.map((w) => w.item),
        lane,
      );
      batch.forEach((w, i) => w.resolve(results[i] ?? null));
    } catch (err) {
      this.stats.failed++;
      this.opts.onFailure?.(err, batch.length);
      for (const w of batch) w.resolve(null);
    } finally {
      this.freeLanes.push(lane);
      this.running--;
      if (this.waiting.length > 0) this.schedule();
    }
  }
}
