import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * A message bus between server processes (docs/decisions: "notifications pushed over SSE").
 * With REDIS_URL every instance publishes to and hears from Redis pub/sub, so a browser connected
 * to instance A hears about a deposit credited on instance B; without it the bus is in-process,
 * which is all one embedded server needs. Messages are JSON values; delivery is best-effort
 * (subscribers that are not connected miss them), so durable state lives in the database and the
 * bus only says "look again".
 *
 *   const off = ctx.pubsub.subscribe('member:42', (msg) => ...);
 *   await ctx.pubsub.publish('member:42', { type: 'balance' });
 */
export interface PubSub {
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns the function that unsubscribes this handler. */
  subscribe(channel: string, handler: (message: unknown) => void): () => void;
  close(): Promise<void>;
}

class LocalPubSub implements PubSub {
  protected readonly emitter = new EventEmitter();
  constructor() {
    // Every open browser tab is a listener; the default cap of 10 is for leak detection, not us.
    this.emitter.setMaxListeners(0);
  }
  async publish(channel: string, message: unknown): Promise<void> {
    this.deliver(channel, JSON.stringify(message));
  }
  protected deliver(channel: string, raw: string) {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    this.emitter.emit(channel, message);
  }
  subscribe(channel: string, handler: (message: unknown) => void): () => void {
    this.emitter.on(channel, handler);
    return () => {
      this.emitter.off(channel, handler);
    };
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

class RedisPubSub extends LocalPubSub {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly counts = new Map<string, number>();

  /** Channels are named `<prefix><channel>` in Redis: its pub/sub is shared by every database number. */
  constructor(
    url: string,
    private readonly prefix = 'lotus:',
  ) {
    super();
    const options = { lazyConnect: false, maxRetriesPerRequest: 3 };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    // Errors reconnect on their own; without a listener ioredis would print them as unhandled.
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
    this.sub.on('message', (channel: string, raw: string) => {
      if (channel.startsWith(this.prefix)) this.deliver(channel.slice(this.prefix.length), raw);
    });
  }

  override async publish(channel: string, message: unknown): Promise<void> {
    await this.pub.publish(this.prefix + channel, JSON.stringify(message));
  }

  override subscribe(channel: string, handler: (message: unknown) => void): () => void {
    const off = super.subscribe(channel, handler);
    const n = (this.counts.get(channel) ?? 0) + 1;
    this.counts.set(channel, n);
    if (n === 1) void this.sub.subscribe(this.prefix + channel).catch(() => {});
    let done = false;
    return () => {
      if (done) return;
      done = true;
      off();
      const left = (this.counts.get(channel) ?? 1) - 1;
      if (left > 0) this.counts.set(channel, left);
      else {
        this.counts.delete(channel);
        void this.sub.unsubscribe(this.prefix + channel).catch(() => {});
      }
    };
  }

  override async close(): Promise<void> {
    await super.close();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}

export const createPubSub = (redisUrl?: string, prefix?: string): PubSub =>
  redisUrl ? new RedisPubSub(redisUrl, prefix) : new LocalPubSub();

const perConfig = new WeakMap<object, PubSub>();
/** One bus per process configuration, so every service built from the same config shares it. */
export const pubsubFor = (config: { REDIS_URL?: string | undefined; REDIS_PREFIX?: string | undefined }): PubSub => {
  let bus = perConfig.get(config);
  if (!bus) {
    bus = createPubSub(config.REDIS_URL, config.REDIS_PREFIX);
    perConfig.set(config, bus);
  }
  return bus;
};
