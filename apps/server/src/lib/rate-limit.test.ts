import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStore, RateLimiter, RedisStore, type EphemeralStore } from './rate-limit.ts';

// The same behaviour from both stores: in-memory (embedded default) and Redis (several processes).
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const stores: [string, EphemeralStore][] = [
  ['memory', new MemoryStore()],
  ['redis', new RedisStore(redisUrl, `lotus-test:${randomUUID()}:`)],
];
afterAll(async () => {
  for (const [, s] of stores) await s.close();
});

describe.each(stores)('RateLimiter on %s', (_name, store) => {
  const limiter = new RateLimiter(store);

  it('allows up to the limit in a window and refuses beyond it', async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await limiter.hit('t', 'a', rule)).allowed);
    expect(results).toEqual([true, true, true, false, false]);
    const r = await limiter.check('t', 'a', rule);
    expect(r).toMatchObject({ allowed: false, count: 5, remaining: 0 });
    expect(r.retryAfterMs).toBeGreaterThan(50_000);
    expect((await limiter.check('t', 'b', rule)).allowed).toBe(true);
  });

  it('counts concurrent hits exactly', async () => {
    const rule = { limit: 50, windowMs: 60_000 };
    const all = await Promise.all(Array.from({ length: 80 }, () => limiter.hit('burst', 'k', rule)));
    expect(all.filter((x) => x.allowed)).toHaveLength(50);
    expect((await limiter.check('burst', 'k', rule)).count).toBe(80);
  });

  it('starts a new window when the old one ends, and resets on demand', async () => {
    const rule = { limit: 1, windowMs: 80 };
    expect((await limiter.throttle('th', 'x', 80)).allowed).toBe(true);
    expect((await limiter.throttle('th', 'x', 80)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 120));
    expect((await limiter.hit('th', 'x', rule)).allowed).toBe(true);
    await limiter.reset('th', 'x');
    expect((await limiter.check('th', 'x', rule)).count).toBe(0);
  });

  it('stores values that can be taken only once and expire', async () => {
    await store.set('v', 'hello', 60_000);
    expect(await store.get('v')).toBe('hello');
    expect(await store.take('v')).toBe('hello');
    expect(await store.take('v')).toBeNull();
    await store.set('short', 'x', 30);
    await new Promise((r) => setTimeout(r, 60));
    expect(await store.get('short')).toBeNull();
  });
});

describe('MemoryStore bounds', () => {
  it('never grows past its cap under a key-spraying attack', async () => {
    const s = new MemoryStore(100);
    for (let i = 0; i < 1000; i++) await s.incr(`k${i}`, 60_000);
    expect((s as unknown as { map: Map<string, unknown> }).map.size).toBeLessThanOrEqual(100);
    await s.close();
  });
});
