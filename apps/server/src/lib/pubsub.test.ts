import { afterAll, describe, expect, it } from 'vitest';
import { createPubSub, type PubSub } from './pubsub.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const opened: PubSub[] = [];
const bus = (url?: string, prefix?: string) => {
  const b = createPubSub(url, prefix);
  opened.push(b);
  return b;
};
afterAll(async () => {
  await Promise.all(opened.map((b) => b.close()));
});

const next = (b: PubSub, channel: string) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing on ${channel}`)), 3000);
    const off = b.subscribe(channel, (m) => {
      clearTimeout(timer);
      off();
      resolve(m);
    });
  });

describe('in-process bus', () => {
  it('delivers JSON copies to subscribers of the channel only, until they unsubscribe', async () => {
    const b = bus();
    const seen: unknown[] = [];
    const off = b.subscribe('member:1', (m) => seen.push(m));
    b.subscribe('member:2', () => seen.push('wrong channel'));
    const msg = { type: 'balance', n: 1 };
    await b.publish('member:1', msg);
    off();
    await b.publish('member:1', { type: 'late' });
    expect(seen).toEqual([msg]);
    expect(seen[0]).not.toBe(msg);
  });
});

describe('Redis bus (several server instances)', () => {
  it('carries a message from one instance to a subscriber of another', async () => {
    const a = bus(redisUrl);
    const b = bus(redisUrl);
    const channel = `member:test-${process.pid}-${Date.now()}`;
    const got = next(b, channel);
    // The subscription reaches Redis asynchronously; publish until it is heard.
    let heard = false;
    void got.then(() => (heard = true));
    for (let i = 0; i < 30 && !heard; i++) {
      await a.publish(channel, { type: 'notification', i });
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await got).toMatchObject({ type: 'notification' });
  });

  it('keeps deployments with different REDIS_PREFIX apart on one Redis', async () => {
    const run = `${process.pid}-${Date.now()}`;
    const heardUntil = async (from: PubSub, to: PubSub) => {
      const got = next(to, 'member:1');
      let heard = false;
      void got.then(() => (heard = true));
      for (let i = 0; i < 30 && !heard; i++) {
        await from.publish('member:1', { type: 'balance', i });
        await new Promise((r) => setTimeout(r, 50));
      }
      return got;
    };
    const theirs = bus(redisUrl, `lotus-b-${run}:`);
    const heardByTheirs: unknown[] = [];
    theirs.subscribe('member:1', (m) => heardByTheirs.push(m));
    // Their subscription is live in Redis once a message of their own gets through.
    await heardUntil(bus(redisUrl, `lotus-b-${run}:`), theirs);
    heardByTheirs.length = 0;

    expect(await heardUntil(bus(redisUrl, `lotus-a-${run}:`), bus(redisUrl, `lotus-a-${run}:`))).toMatchObject({
      type: 'balance',
    });
    expect(heardByTheirs).toEqual([]);
  });
});
