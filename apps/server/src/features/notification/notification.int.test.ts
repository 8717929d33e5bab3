import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bearer, createMember, sessionFor, type TestMember } from '../../../test/factories/wallet.ts';

let t: TestApp;
let base: string;
let m: TestMember;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  m = await createMember(t.ctx);
  token = await sessionFor(t.ctx, m);
});
afterAll(() => t.close());

/** Reads server-sent events from a live stream until `count` events (comments skipped) arrived. */
const readEvents = async (res: Response, count: number, timeoutMs = 5000) => {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (events.length < count && Date.now() < deadline) {
    const { value, done } = await Promise.race([
      reader.read(),
      new Promise<{ value: undefined; done: true }>((r) =>
        setTimeout(() => r({ value: undefined, done: true }), deadline - Date.now()),
      ),
    ]);
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let i: number;
    while ((i = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
  }
  await reader.cancel().catch(() => {});
  return events;
};

describe('platform messages', () => {
  it('stores messages per member with unread counts, and marks them read', async () => {
    const other = await createMember(t.ctx);
    for (const amount of ['100', '200', '300']) {
      await t.ctx.notifications.send({
        merchantId: m.merchantId,
        memberId: m.id,
        kind: 'deposit_credited',
        params: { amount, currency: 'BRL' },
      });
    }
    await t.ctx.notifications.send({
      merchantId: other.merchantId,
      memberId: other.id,
      kind: 'deposit_failed',
      params: {},
    });
    const unread = () =>
      t.call<{ count: number }>({ method: 'GET', url: '/wps/v2/messages/unread', headers: bearer(token) });
    expect((await unread()).body.value.count).toBe(3);
    const page = await t.call<{
      list: { id: number; params: { amount: string } }[];
      total: number;
      totalPages: number;
    }>({
      method: 'GET',
      url: '/wps/v2/messages?pageSize=2',
      headers: bearer(token),
    });
    expect([
      page.body.value.total,
      page.body.value.totalPages,
      page.body.value.list.map((n) => n.params.amount),
    ]).toEqual([3, 2, ['300', '200']]);
    const read = (payload: object) =>
      t.call<{ unread: number }>({ method: 'POST', url: '/wps/v2/messages/read', headers: bearer(token), payload });
    expect((await read({ ids: [page.body.value.list[0]!.id] })).body.value.unread).toBe(2);
    expect((await read({})).status).toBe(400);
    expect((await read({ all: true })).body.value.unread).toBe(0);
    const onlyUnread = await t.call<{ total: number }>({
      method: 'GET',
      url: '/wps/v2/messages?unread=true',
      headers: bearer(token),
    });
    expect(onlyUnread.body.value.total).toBe(0);
  });

  it('pushes new messages and balance changes to an open browser as server-sent events', async () => {
    expect((await fetch(`${base}/wps/v2/messages/stream`)).status).toBe(401);
    const res = await fetch(`${base}/wps/v2/messages/stream`, { headers: bearer(token) });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reading = readEvents(res, 3);
    await new Promise((r) => setTimeout(r, 100));
    await t.ctx.notifications.send({
      merchantId: m.merchantId,
      memberId: m.id,
      kind: 'withdrawal_approved',
      params: { amount: '5000', currency: 'BRL' },
    });
    await t.ctx.notifications.balanceChanged(m.id, 'deposit');
    const events = await reading;
    expect(events.map((e) => e.event)).toEqual(['hello', 'notification', 'balance']);
    expect(events[1]!.data).toMatchObject({ kind: 'withdrawal_approved', params: { amount: '5000' }, read: false });
  });

  it('pushes the same events over a WebSocket once the first message authenticates it', async () => {
    const url = `${base.replace('http', 'ws')}/wps/v2/messages/socket`;
    const closed = (ws: WebSocket) => new Promise<number>((r) => ws.on('close', (code) => r(code)));
    const stranger = new WebSocket(url);
    await new Promise((r) => stranger.on('open', r));
    stranger.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect(await closed(stranger)).toBe(4401);

    const ws = new WebSocket(url);
    const got: { event: string; data: { kind?: string } }[] = [];
    ws.on('message', (raw) => got.push(JSON.parse(String(raw)) as (typeof got)[number]));
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'auth', token }));
    await expect.poll(() => got.map((e) => e.event)).toEqual(['hello']);
    await t.ctx.notifications.send({
      merchantId: m.merchantId,
      memberId: m.id,
      kind: 'deposit_credited',
      params: { amount: '700' },
    });
    await t.ctx.notifications.balanceChanged(m.id, 'deposit');
    await expect.poll(() => got.map((e) => e.event)).toEqual(['hello', 'notification', 'balance']);
    expect(got[1]!.data.kind).toBe('deposit_credited');
    const done = closed(ws);
    ws.close();
    expect(await done).toBe(1005);
  });
});
