import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { houseTestApp } from '../../test/house-app.ts';

/**
 * A live table's chat through HTTP (decision 097): members write and read each other, the history
 * on joining, the word filter, the length limit, the per-player rate limit, visitors read only.
 */
const house = houseTestApp({
  HOUSE_GAMES_CHAT_BURST: '3',
  HOUSE_GAMES_CHAT_WINDOW_MS: '60000',
  HOUSE_GAMES_CHAT_MAX_LENGTH: '40',
  HOUSE_GAMES_CHAT_BLOCKED_WORDS: 'badword, feio',
});
const { call } = house;
let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await house.start());
});
afterAll(() => house.close());

let n = 0;
const open = async (token: string) =>
  (await call<{ token: string }>('POST', '/api/session', undefined, { launchToken: token })).body.value.token;
/** Each member a player of their own (the rate limit is per player). */
const member = (code: string) => open(`launch-live:${code}#${++n}@${100 + n}`);
const visitor = (code: string) => open(`launch-demo-live:${code}#${++n}`);

interface Msg {
  id: number;
  name: string;
  text: string;
}
interface Chat {
  tableId: string;
  readOnly: boolean;
  maxLength: number;
  messages: Msg[];
}

describe('live table chat', () => {
  it('carries a member’s message to the other players of the same table only, masking listed words', async () => {
    const a = await member('evl-dragon-tiger');
    const b = await member('ryl-dragon-tiger');
    const other = await member('evl-sic-bo');
    const sent = await call<Msg>('POST', '/api/live/chat', a, { text: '  boa   sorte, BadWord e Féio!  ' });
    expect(sent.status).toBe(200);
    expect(sent.body.value.text).toBe('boa sorte, ******* e ****!');
    expect(sent.body.value.name).toBe('jo***ho');

    const seen = (await call<Chat>('GET', '/api/live/chat', b)).body.value;
    expect(seen.tableId).toBe('dragon-tiger');
    expect(seen.readOnly).toBe(false);
    expect(seen.messages.map((m) => m.text)).toEqual(['boa sorte, ******* e ****!']);
    // Another table has its own chat.
    expect((await call<Chat>('GET', '/api/live/chat', other)).body.value.messages).toEqual([]);
  });

  it('refuses empty, too long and malformed messages with 400', async () => {
    const a = await member('evl-fan-tan');
    expect((await call('POST', '/api/live/chat', a, { text: '   ' })).body.code).toBe('CHAT_EMPTY');
    const long = await call('POST', '/api/live/chat', a, { text: 'x'.repeat(41) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('CHAT_TOO_LONG');
    expect((await call('POST', '/api/live/chat', a, { text: 'x'.repeat(40) })).status).toBe(200);
    expect((await call('POST', '/api/live/chat', a, { text: 5 })).status).toBe(400);
    expect((await call('POST', '/api/live/chat', a, { text: 'a', extra: 1 })).status).toBe(400);
    expect((await call('POST', '/api/live/chat', undefined, { text: 'a' })).status).toBe(401);
  });

  it('limits a player to the configured burst, with the wait in the answer', async () => {
    const a = await member('evl-roulette');
    for (let i = 0; i < 3; i++) expect((await call('POST', '/api/live/chat', a, { text: `m${i}` })).status).toBe(200);
    const over = await call<{ retryAfterMs: number }>('POST', '/api/live/chat', a, { text: 'one more' });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('CHAT_RATE_LIMITED');
    expect(over.body.value.retryAfterMs).toBeGreaterThan(50_000);
    const seen = (await call<Chat>('GET', '/api/live/chat', a)).body.value.messages.map((m) => m.text);
    expect(seen).toEqual(['m0', 'm1', 'm2']);
  });

  it('lets a visitor (free trial) read but never write', async () => {
    const a = await member('evl-baccarat-2');
    await call('POST', '/api/live/chat', a, { text: 'hello table' });
    const v = await visitor('evl-baccarat-2');
    const seen = (await call<Chat>('GET', '/api/live/chat', v)).body.value;
    expect(seen.readOnly).toBe(true);
    expect(seen.messages.map((m) => m.text)).toEqual(['hello table']);
    const refused = await call('POST', '/api/live/chat', v, { text: 'hi' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('CHAT_READ_ONLY');
    expect((await call<Chat>('GET', '/api/live/chat', a)).body.value.messages).toHaveLength(1);
  });

  it('sends the recent history first on the events stream', async () => {
    const a = await member('evl-speed-roulette');
    await call('POST', '/api/live/chat', a, { text: 'first' });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const ctrl = new AbortController();
    const res = await fetch(`${address}/api/live/chat/events?token=${encodeURIComponent(a)}`, { signal: ctrl.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const event = JSON.parse(first.replace(/^data: /, '').trim()) as { type: string; messages: Msg[] };
    expect(event.type).toBe('history');
    expect(event.messages.map((m) => m.text)).toEqual(['first']);
    await call('POST', '/api/live/chat', a, { text: 'second' });
    const next = new TextDecoder().decode((await reader.read()).value);
    expect(JSON.parse(next.replace(/^data: /, '').trim())).toMatchObject({
      type: 'message',
      message: { text: 'second' },
    });
    ctrl.abort();
  });
});
