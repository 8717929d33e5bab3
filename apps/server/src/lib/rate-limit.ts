import { Redis } from 'ioredis';

/**
 * Short-lived shared state: rate-limit counters, captcha answers, OAuth state, re-authentication
 * tickets. Redis when REDIS_URL is set (so several server processes share it), an in-memory map
 * otherwise (the embedded single-process default). Nothing here must outlive a restart.
 */
export interface EphemeralStore {
  /** Adds `by` to a counter whose window starts at its first hit; returns the count and ms left. */
  incr(key: string, windowMs: number, by?: number): Promise<{ count: number; resetMs: number }>;
  /** The current value of a counter (0 when absent or expired) and ms left. */
  count(key: string): Promise<{ count: number; resetMs: number }>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Reads and deletes in one step: a value can be taken once. */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryStore implements EphemeralStore {
  private readonly map = new Map<string, { value: string; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;
  constructor(private readonly maxEntries = 500_000) {
    this.sweeper = setInterval(() => this.sweep(), 30_000);
    this.sweeper.unref();
  }

  private live(key: string, now = Date.now()) {
    const e = this.map.get(key);
    if (!e) return null;
    if (e.expiresAt <= now) {
      this.map.delete(key);
      return null;
    }
    return e;
  }

  private sweep() {
    const now = Date.now();
    for (const [k, e] of this.map) if (e.expiresAt <= now) this.map.delete(k);
  }

  private room() {
    if (this.map.size < this.maxEntries) return;
    this.sweep();
    // Still full (an attack spraying keys): drop the oldest entries rather than grow without bound.
    const excess = this.map.size - this.maxEntries + 1;
    let i = 0;
    for (const k of this.map.keys()) {
      if (i++ >= excess) break;
      this.map.delete(k);
    }
  }

  async incr(key: string, windowMs: number, by = 1) {
    const now = Date.now();
    const e = this.live(key, now);
    if (e) {
      e.value = String(Number(e.value) + by);
      return { count: Number(e.value), resetMs: e.expiresAt - now };
    }
    this.room();
    this.map.set(key, { value: String(by), expiresAt: now + windowMs });
    return { count: by, resetMs: windowMs };
  }

  async count(key: string) {
    const now = Date.now();
    const e = this.live(key, now);
    return e ? { count: Number(e.value), resetMs: e.expiresAt - now } : { count: 0, resetMs: 0 };
  }

  async set(key: string, value: string, ttlMs: number) {
    this.room();
    this.map.set(key, { value, expiresAt: Date.now() + ttlMs });
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async take(key: string) {
    const e = this.live(key);
    if (!e) return null;
    this.map.delete(key);
    return e.value;
  }

  async del(key: string) {
    this.map.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
    this.map.clear();
  }
}

/** INCRBY with the expiry set on the first hit, atomically. */
const INCR_SCRIPT = `
local c = redis.call('INCRBY', KEYS[1], ARGV[2])
if c == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

export class RedisStore implements EphemeralStore {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'lotus:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  }

  private k(key: string) {
    return this.prefix + key;
  }

  async incr(key: string, windowMs: number, by = 1) {
    const [count, ttl] = (await this.redis.eval(INCR_SCRIPT, 1, this.k(key), String(windowMs), String(by))) as [
      number,
      number,
    ];
    return { count, resetMs: ttl };
  }

  async count(key: string) {
    const [value, ttl] = await Promise.all([this.redis.get(this.k(key)), this.redis.pttl(this.k(key))]);
    return value === null ? { count: 0, resetMs: 0 } : { count: Number(value), resetMs: Math.max(0, ttl) };
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.redis.set(this.k(key), value, 'PX', ttlMs);
  }

  get(key: string) {
    return this.redis.get(this.k(key));
  }

  take(key: string) {
    return this.redis.getdel(this.k(key));
  }

  async del(key: string) {
    await this.redis.del(this.k(key));
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export const createEphemeralStore = (redisUrl: string | undefined, prefix?: string): EphemeralStore =>
  redisUrl ? new RedisStore(redisUrl, prefix) : new MemoryStore();

export interface LimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  count: number;
  remaining: number;
  /** When the window ends (0 when nothing is counted). */
  retryAfterMs: number;
}

/**
 * Fixed-window limits by name and key (e.g. 'login.ip' × '203.0.113.7'). `hit` counts and says
 * whether the hit was within the limit; `check` only looks, so a caller can refuse before doing
 * expensive work (hashing a password) and count afterwards.
 */
export class RateLimiter {
  constructor(readonly store: EphemeralStore) {}

  private key(name: string, key: string) {
    return `rl:${name}:${key}`;
  }

  async hit(name: string, key: string, rule: LimitRule, by = 1): Promise<LimitResult> {
    const { count, resetMs } = await this.store.incr(this.key(name, key), rule.windowMs, by);
    return { allowed: count <= rule.limit, count, remaining: Math.max(0, rule.limit - count), retryAfterMs: resetMs };
  }

  async check(name: string, key: string, rule: LimitRule): Promise<LimitResult> {
    const { count, resetMs } = await this.store.count(this.key(name, key));
    return { allowed: count < rule.limit, count, remaining: Math.max(0, rule.limit - count), retryAfterMs: resetMs };
  }

  /** At most one call per `ms` for a key (spec §9 throttles: SMS 1000 ms, captcha refresh 1000 ms). */
  throttle(name: string, key: string, ms: number): Promise<LimitResult> {
    return this.hit(name, key, { limit: 1, windowMs: ms });
  }

  reset(name: string, key: string): Promise<void> {
    return this.store.del(this.key(name, key));
  }
}
