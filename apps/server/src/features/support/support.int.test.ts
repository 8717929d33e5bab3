import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SUPPORT_MESSAGES_PER_MINUTE, type SupportConversation, type SupportMessage } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import {
  bearer,
  createAgent,
  createMember,
  operatorToken,
  sessionFor,
  type TestMember,
} from '../../../test/factories/wallet.ts';

let t: TestApp;
let base: string;
let support: string;
let admin: string;
let finance: string;
let content: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  support = await operatorToken(t, 'support');
  admin = await operatorToken(t, 'admin');
  finance = await operatorToken(t, 'finance');
  content = await operatorToken(t, 'content');
});
afterAll(() => t.close());

type History = {
  list: SupportMessage[];
  hasMore: boolean;
  open: { id: number; status: string } | null;
  closedIds: number[];
  unread: number;
};

const member = async (agent = false) => {
  const m: TestMember = agent ? await createAgent(t.ctx) : await createMember(t.ctx);
  return { m, token: await sessionFor(t.ctx, m) };
};
const send = (token: string, body: object) =>
  t.call<SupportMessage>({ method: 'POST', url: '/wps/v2/support/messages', headers: bearer(token), payload: body });
const history = (token: string, query = '') =>
  t.call<History>({ method: 'GET', url: `/wps/v2/support/messages${query}`, headers: bearer(token) });
const unread = async (token: string) =>
  (await t.call<{ count: number }>({ method: 'GET', url: '/wps/v2/support/unread', headers: bearer(token) })).body.value
    .count;
const desk = (token: string, query = '') =>
  t.call<{ list: SupportConversation[]; total: number }>({
    method: 'GET',
    url: `/wps/operator/support/conversations${query}`,
    headers: bearer(token),
  });
const op = <T>(token: string, action: string, payload: object) =>
  t.call<T>({ method: 'POST', url: `/wps/operator/support/${action}`, headers: bearer(token), payload });
const thread = (token: string, conversationId: number) =>
  t.call<{ conversation: SupportConversation; messages: SupportMessage[] }>({
    method: 'GET',
    url: `/wps/operator/support/thread?conversationId=${conversationId}`,
    headers: bearer(token),
  });
const auditActions = async (conversationId: number) =>
  rowsOf<{ action: string }>(
    await t.ctx.db.execute(
      sql`SELECT action FROM operator_audit WHERE target = ${`support_conversation:${conversationId}`} ORDER BY id`,
    ),
  ).map((r) => r.action);

describe('customer-service chat', () => {
  it('a member writes, the desk lists it unread, an operator answers, the member reads it', async () => {
    const { m, token } = await member();
    const first = await send(token, { body: '  Where is my deposit?  ' });
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ author: 'member', body: 'Where is my deposit?', operatorName: null });
    await send(token, { body: 'It was R$ 50,00 by PIX.' });
    const conversationId = first.body.value.conversationId;

    const open = await desk(support);
    const row = open.body.value.list.find((c) => c.id === conversationId)!;
    expect(row).toMatchObject({ memberId: m.id, account: m.username, unread: 2, status: 'open', isAgent: false });
    expect(row.lastMessage).toBe('It was R$ 50,00 by PIX.');
    expect(row.assignedTo).toBeNull();

    const answer = await op<SupportMessage>(support, 'answer', { conversationId, body: 'Credited a minute ago.' });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({ author: 'operator', body: 'Credited a minute ago.' });
    expect(answer.body.value.operatorName).toMatch(/^support/);

    // Answering reads the thread on the desk's side and takes the conversation.
    const after = (await thread(support, conversationId)).body.value;
    expect(after.conversation.unread).toBe(0);
    expect(after.conversation.assignedTo).toBe(answer.body.value.operatorName);
    expect(after.messages.map((x) => x.author)).toEqual(['member', 'member', 'operator']);

    expect(await unread(token)).toBe(1);
    const h = (await history(token)).body.value;
    expect(h.list.map((x) => x.body)).toEqual([
      'Where is my deposit?',
      'It was R$ 50,00 by PIX.',
      'Credited a minute ago.',
    ]);
    expect(h).toMatchObject({ unread: 1, hasMore: false, open: { id: conversationId, status: 'open' } });
    expect(h.list[2]!.operatorName).toBeNull(); // staff logins stay in the console
    const read = await t.call<{ unread: number }>({
      method: 'POST',
      url: '/wps/v2/support/read',
      headers: bearer(token),
      payload: {},
    });
    expect(read.body.value.unread).toBe(0);
    expect(await unread(token)).toBe(0);
    expect(await auditActions(conversationId)).toEqual(['support.answer']);
  });

  it('keeps one open conversation; after an operator closes it the next message starts a new one', async () => {
    const { token } = await member(true);
    const a = (await send(token, { body: 'First question' })).body.value;
    const b = (await send(token, { body: 'Another detail' })).body.value;
    expect(b.conversationId).toBe(a.conversationId);
    const listed = (await desk(support)).body.value.list.find((c) => c.id === a.conversationId)!;
    expect(listed.isAgent).toBe(true);

    const closed = await op<SupportConversation>(support, 'close', { conversationId: a.conversationId });
    expect(closed.body.value).toMatchObject({ status: 'closed' });
    expect(closed.body.value.closedAt).not.toBeNull();
    expect((await op(support, 'close', { conversationId: a.conversationId })).status).toBe(409);
    const late = await op(support, 'answer', { conversationId: a.conversationId, body: 'Too late' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('CONFLICT');

    const c = (await send(token, { body: 'A new question' })).body.value;
    expect(c.conversationId).not.toBe(a.conversationId);
    const h = (await history(token)).body.value;
    expect(h.list.map((x) => x.body)).toEqual(['First question', 'Another detail', 'A new question']);
    expect(h.closedIds).toEqual([a.conversationId]);
    expect(h.open?.id).toBe(c.conversationId);
    const closedList = (await desk(support, '?status=closed')).body.value.list.map((x) => x.id);
    expect(closedList).toContain(a.conversationId);
    expect(closedList).not.toContain(c.conversationId);
    expect(await auditActions(a.conversationId)).toEqual(['support.close']);
  });

  it('puts messages sent at once into one conversation, and a close racing them into a clean split', async () => {
    const { m, token } = await member();
    const first = await Promise.all([1, 2, 3, 4].map((i) => send(token, { body: `at once ${i}` })));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(first.map((r) => r.body.value.conversationId)).size).toBe(1);
    const c = first[0]!.body.value.conversationId;
    const [closed, ...racing] = await Promise.all([
      op(support, 'close', { conversationId: c }),
      ...[5, 6, 7].map((i) => send(token, { body: `racing ${i}` })),
    ]);
    expect(closed.status).toBe(200);
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    // Each message lands in the old conversation before it closed or in a new one: at most one is open.
    const rows = rowsOf<{ status: string; n: string }>(
      await t.ctx.db.execute(
        sql`SELECT c.status, count(s.id) AS n
              FROM support_conversations c JOIN support_messages s ON s.conversation_id = c.id
             WHERE c.member_id = ${m.id} GROUP BY c.id ORDER BY c.id`,
      ),
    );
    expect(rows.filter((r) => r.status === 'open').length).toBeLessThanOrEqual(1);
    expect(rows.reduce((sum, r) => sum + Number(r.n), 0)).toBe(7);
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(4);
    expect(rows[0]).toMatchObject({ status: 'closed' }); // the first conversation, with at least the four
  });

  it('pages the history backwards', async () => {
    const { token } = await member();
    const sent: SupportMessage[] = [];
    for (let i = 1; i <= 5; i++) sent.push((await send(token, { body: `message ${i}` })).body.value);
    const page1 = (await history(token, '?pageSize=2')).body.value;
    expect(page1.list.map((x) => x.body)).toEqual(['message 4', 'message 5']);
    expect(page1.hasMore).toBe(true);
    const page2 = (await history(token, `?pageSize=2&before=${page1.list[0]!.id}`)).body.value;
    expect(page2.list.map((x) => x.body)).toEqual(['message 2', 'message 3']);
    const page3 = (await history(token, `?pageSize=2&before=${page2.list[0]!.id}`)).body.value;
    expect(page3.list.map((x) => x.body)).toEqual(['message 1']);
    expect(page3.hasMore).toBe(false);
  });

  it('lists conversations with unread messages first, and counts them for the console badge', async () => {
    const one = await member();
    const two = await member();
    const c1 = (await send(one.token, { body: 'older, will be answered' })).body.value.conversationId;
    const c2 = (await send(two.token, { body: 'newer, read without answer' })).body.value.conversationId;
    await op(support, 'answer', { conversationId: c1, body: 'Done' });
    const before = (await t.call<{ count: number }>({
      method: 'GET',
      url: '/wps/operator/support/unread',
      headers: bearer(support),
    }))!.body.value.count;
    await send(one.token, { body: 'thanks, one more thing' });
    const ids = (await desk(support, '?pageSize=100')).body.value.list.map((c) => c.id);
    // c1 has an unread member message again; c2 is unread too; both ahead of every read conversation.
    const unreadOnes = (await desk(support, '?pageSize=100')).body.value.list.filter((c) => c.unread > 0);
    expect(ids.slice(0, unreadOnes.length)).toEqual(unreadOnes.map((c) => c.id));
    expect(ids.indexOf(c1)).toBeLessThan(unreadOnes.length);
    const read = await op<{ unread: number }>(support, 'read', { conversationId: c2 });
    expect(read.body.value.unread).toBe(0);
    const afterRead = (await desk(support, '?pageSize=100')).body.value.list.find((c) => c.id === c2)!;
    expect(afterRead.unread).toBe(0);
    const count = (await t.call<{ count: number }>({
      method: 'GET',
      url: '/wps/operator/support/unread',
      headers: bearer(support),
    }))!.body.value.count;
    expect(count).toBe(before); // c1 came back, c2 went away
    expect(await auditActions(c2)).toEqual(['support.read']);
  });

  it('lets an operator take a conversation, and audits it', async () => {
    const { token } = await member();
    const c = (await send(token, { body: 'Please help' })).body.value.conversationId;
    const taken = await op<SupportConversation>(admin, 'assign', { conversationId: c });
    expect(taken.status).toBe(200);
    expect(taken.body.value.assignedTo).toMatch(/^admin/);
    expect(await auditActions(c)).toEqual(['support.assign']);
  });

  it('lets the support role and admin answer; finance and content are refused', async () => {
    const { token } = await member();
    const c = (await send(token, { body: 'Who answers?' })).body.value.conversationId;
    for (const other of [finance, content]) {
      const list = await desk(other);
      expect(list.status).toBe(403);
      expect(list.body.code).toBe('FORBIDDEN');
      const answer = await op(other, 'answer', { conversationId: c, body: 'Not mine' });
      expect(answer.status).toBe(403);
    }
    expect((await op(admin, 'answer', { conversationId: c, body: 'Admin here' })).status).toBe(200);
    expect((await thread(finance, c)).status).toBe(403);
    // A member's token opens no desk; an operator's opens no member chat.
    expect((await desk(token)).status).toBe(401);
    expect((await history(support)).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/wps/v2/support/messages' })).status).toBe(401);
  });

  it('keeps each member to their own conversation', async () => {
    const a = await member();
    const b = await member();
    const ca = (await send(a.token, { body: 'Private to A' })).body.value.conversationId;
    await op(support, 'answer', { conversationId: ca, body: 'Answer for A' });
    const hb = (await history(b.token)).body.value;
    expect(hb.list).toEqual([]);
    expect(hb.unread).toBe(0);
    expect(await unread(b.token)).toBe(0);
    // B's read marks nothing of A's.
    await t.call({ method: 'POST', url: '/wps/v2/support/read', headers: bearer(b.token), payload: {} });
    expect(await unread(a.token)).toBe(1);
    // There is no member endpoint that names a conversation: B's message goes to B's own.
    const mine = (await send(b.token, { body: 'Mine' })).body.value.conversationId;
    expect(mine).not.toBe(ca);
    expect((await thread(support, 999_999_999)).status).toBe(404);
    expect((await op(support, 'answer', { conversationId: 999_999_999, body: 'x' })).status).toBe(404);
  });

  it('refuses bad input with a 4xx envelope and stores nothing', async () => {
    const { m, token } = await member();
    const bad: object[] = [
      {},
      { body: '' },
      { body: '    ' },
      { body: 'x'.repeat(1001) },
      { body: 'nul \u0000 inside' },
      { body: 'lone \ud800 half' },
      { body: 42 },
      { body: 'fine', extra: true },
    ];
    for (const payload of bad) {
      const r = await send(token, payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.code).toBe('VALIDATION_FAILED');
    }
    // JSON that escapes a lone surrogate reaches the schema as such and is refused too.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/wps/v2/support/messages',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"body":"a \\udc00 b"}',
    });
    expect(raw.statusCode).toBe(400);
    const count = rowsOf<{ n: string }>(
      await t.ctx.db.execute(sql`SELECT count(*) AS n FROM support_messages WHERE member_id = ${m.id}`),
    )[0]!.n;
    expect(Number(count)).toBe(0);
    // Exactly 1000 characters, emoji pairs and HTML-looking text are text.
    expect((await send(token, { body: 'y'.repeat(1000) })).status).toBe(200);
    const html = await send(token, { body: '<b>bold</b> 🎰' });
    expect(html.body.value.body).toBe('<b>bold</b> 🎰');

    for (const q of ['?pageSize=0', '?pageSize=101', '?before=abc', '?other=1']) {
      expect((await history(token, q)).status, q).toBe(400);
    }
    expect((await desk(support, '?status=pending')).status).toBe(400);
    expect((await op(support, 'answer', { conversationId: 'x', body: 'hi' })).status).toBe(400);
    expect((await op(support, 'close', {})).status).toBe(400);
    expect(
      (await t.call({ method: 'GET', url: '/wps/operator/support/thread', headers: bearer(support) })).status,
    ).toBe(400);
  });

  it('limits how fast a member sends, with 429 RATE_LIMITED', async () => {
    const { m, token } = await member();
    for (let i = 0; i < SUPPORT_MESSAGES_PER_MINUTE; i++) {
      expect((await send(token, { body: `quick ${i}` })).status).toBe(200);
    }
    const refused = await send(token, { body: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    const stored = rowsOf<{ n: string }>(
      await t.ctx.db.execute(sql`SELECT count(*) AS n FROM support_messages WHERE member_id = ${m.id}`),
    )[0]!.n;
    expect(Number(stored)).toBe(SUPPORT_MESSAGES_PER_MINUTE);
    // Another member is not slowed by it.
    const other = await member();
    expect((await send(other.token, { body: 'hello' })).status).toBe(200);
  });

  it('pushes an answer to the member and a new message to the operators over the live feed', async () => {
    const { token } = await member();
    const url = `${base.replace('http', 'ws')}/wps/v2/messages/socket`;
    const listen = async (auth: string) => {
      const ws = new WebSocket(url);
      const got: { event: string; data: Record<string, unknown> }[] = [];
      ws.on('message', (raw) => got.push(JSON.parse(String(raw)) as (typeof got)[number]));
      await new Promise((r) => ws.on('open', r));
      ws.send(JSON.stringify({ type: 'auth', token: auth }));
      await expect.poll(() => got.map((e) => e.event)).toContain('hello');
      return { ws, got };
    };
    const memberFeed = await listen(token);
    const deskFeed = await listen(support);

    const message = (await send(token, { body: 'Live?' })).body.value;
    await expect
      .poll(() => deskFeed.got.filter((e) => e.event === 'support').map((e) => e.data))
      .toContainEqual({
        conversationId: message.conversationId,
        messageId: message.id,
        unread: null,
        change: 'message',
      });

    const answer = (
      await op<SupportMessage>(support, 'answer', { conversationId: message.conversationId, body: 'Yes' })
    ).body.value;
    await expect
      .poll(() => memberFeed.got.filter((e) => e.event === 'support').map((e) => e.data))
      .toContainEqual({ conversationId: message.conversationId, messageId: answer.id, unread: 1, change: 'answer' });
    // The member's own message is not echoed to them as news.
    expect(memberFeed.got.some((e) => e.event === 'support' && e.data.change === 'message')).toBe(false);
    memberFeed.ws.close();
    deskFeed.ws.close();
  });
});
