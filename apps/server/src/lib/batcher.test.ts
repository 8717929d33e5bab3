import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

interface Item {
  id: number;
  who: string;
}
/** A batch runner whose batches finish only when the test says so. */
const gated = () => {
  const calls: { items: Item[]; lane: number; finish: (fail?: boolean) => void }[] = [];
  const run = (items: Item[], lane: number) =>
    new Promise<(string | null)[]>((resolve, reject) => {
      calls.push({
        items,
        lane,
        finish: (fail) => (fail ? reject(new Error('batch failed')) : resolve(items.map((i) => `done ${i.id}`))),
      });
    });
  return { calls, run };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('Batcher', () => {
  it('sends a lone item at once, alone', async () => {
    const g = gated();
    const b = new Batcher<Item, string>(g.run, { maxSize: 10, inFlight: 2, keysOf: (i) => [i.who] });
    const answer = b.submit({ id: 1, who: 'a' });
    await tick();
    expect(g.calls.map((c) => c.items.map((i) => i.id))).toEqual([[1]]);
    g.calls[0]!.finish();
    expect(await answer).toBe('done 1');
  });

  it('gathers what arrives while every lane is busy into the next batch, on a free lane', async () => {
    const g = gated();
    const b = new Batcher<Item, string>(g.run, { maxSize: 10, inFlight: 1, keysOf: (i) => [i.who] });
    const first = b.submit({ id: 1, who: 'a' });
    await tick();
    const later = [2, 3, 4].map((id) => b.submit({ id, who: `p${id}` }));
    await tick();
    expect(g.calls).toHaveLength(1);
    g.calls[0]!.finish();
    expect(await first).toBe('done 1');
    await tick();
    expect(g.calls[1]!.items.map((i) => i.id)).toEqual([2, 3, 4]);
    expect(g.calls[1]!.lane).toBe(0);
    g.calls[1]!.finish();
    expect(await Promise.all(later)).toEqual(['done 2', 'done 3', 'done 4']);
    expect(b.stats).toEqual({ batches: 2, items: 4, failed: 0 });
  });

  it('never puts two items with a shared key in one batch, and keeps batches within maxSize', async () => {
    const g = gated();
    const b = new Batcher<Item, string>(g.run, { maxSize: 2, inFlight: 3, keysOf: (i) => [i.who] });
    const all = [
      b.submit({ id: 1, who: 'a' }),
      b.submit({ id: 2, who: 'a' }),
      b.submit({ id: 3, who: 'b' }),
      b.submit({ id: 4, who: 'c' }),
    ];
    await tick();
    expect(g.calls.map((c) => c.items.map((i) => i.id))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    // Batches running at once have lanes of their own.
    expect(new Set(g.calls.map((c) => c.lane)).size).toBe(2);
    for (const c of g.calls) c.finish();
    expect(await Promise.all(all)).toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
  });

  it('answers null for every item of a batch that fails, and goes on with the next', async () => {
    const g = gated();
    const failures: number[] = [];
    const b = new Batcher<Item, string>(g.run, {
      maxSize: 10,
      inFlight: 1,
      keysOf: (i) => [i.who],
      onFailure: (_e, n) => failures.push(n),
    });
    const doomed = [b.submit({ id: 1, who: 'a' }), b.submit({ id: 2, who: 'b' })];
    await tick();
    const next = b.submit({ id: 3, who: 'c' });
    g.calls[0]!.finish(true);
    expect(await Promise.all(doomed)).toEqual([null, null]);
    expect(failures).toEqual([2]);
    await tick();
    g.calls[1]!.finish();
    expect(await next).toBe('done 3');
    expect(b.stats.failed).toBe(1);
  });
});
