import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorMessageView } from '@app/contract';
import { JobRunner } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import { bearer, createMember, operatorToken, sessionFor, type TestMember } from '../../../test/factories/wallet.ts';
import type { MemberEvent } from '../notification/service.ts';
import { registerMessageJobs } from './jobs.ts';

let t: TestApp;
let content: string;
beforeAll(async () => {
  t = await createTestApp();
  content = await operatorToken(t, 'content');
});
afterAll(() => t.close());

type Listed = {
  id: number;
  kind: string;
  read: boolean;
  params: Record<string, string>;
  content?: { title: Record<string, string>; body: Record<string, string> };
};

const member = async (input: Parameters<typeof createMember>[1] = {}) => {
  const m = await createMember(t.ctx, input);
  return { m, token: await sessionFor(t.ctx, m) };
};
const send = (payload: object, as = content) =>
  t.call<OperatorMessageView>({ method: 'POST', url: '/wps/operator/messages', headers: bearer(as), payload });
const unread = async (token: string) =>
  (await t.call<{ count: number }>({ method: 'GET', url: '/wps/v2/messages/unread', headers: bearer(token) })).body
    .value.count;
const list = async (token: string) =>
  (await t.call<{ list: Listed[]; total: number }>({ method: 'GET', url: '/wps/v2/messages', headers: bearer(token) }))
    .body.value;
const operatorMessages = async (token: string, m: { id: number }) =>
  (await list(token)).list.filter((n) => n.kind === 'operator_message' && n.params.messageId === String(m.id));
const deliverDue = (now = new Date()) => t.ctx.jobs.runDue({ now });
const title = { EN: 'Weekend bonus', PT: 'Bônus de fim de semana' };
const body = { EN: 'Deposit this weekend for a 10% bonus.', PT: 'Deposite neste fim de semana.' };

describe('operator messages', () => {
  it('reaches everyone, listed members or an agent’s team, and nobody else', async () => {
    const a = await member();
    const b = await member();
    const agent = await member({ type: 1 });
    const down = await member({ uplineId: agent.m.id });
    const downDown = await member({ uplineId: down.m.id });
    const before = await Promise.all([a, b, agent, down, downDown].map((x) => unread(x.token)));

    const all = (await send({ title, body, audience: { kind: 'all' } })).body.value;
    const listed = (await send({ title, body, audience: { kind: 'members', usernames: [a.m.username.toUpperCase()] } }))
      .body.value;
    const team = (await send({ title, body, audience: { kind: 'team', agent: agent.m.username } })).body.value;
    expect([all.status, listed.audience, team.audience]).toEqual([
      'scheduled',
      { kind: 'members', names: [a.m.username] },
      { kind: 'team', names: [agent.m.username] },
    ]);
    expect(await unread(a.token)).toBe(before[0]); // nothing until the job delivers it
    await deliverDue();

    const after = await Promise.all([a, b, agent, down, downDown].map((x) => unread(x.token)));
    expect(after.map((n, i) => n - before[i]!)).toEqual([2, 1, 1, 2, 2]);
    const mine = await operatorMessages(a.token, all);
    expect(mine[0]).toMatchObject({ read: false, content: { title, body } });
    expect((await operatorMessages(agent.token, team)).length).toBe(0); // the agent is not their own team

    const sent = (
      await t.call<{ list: OperatorMessageView[] }>({
        method: 'GET',
        url: '/wps/operator/messages',
        headers: bearer(content),
      })
    ).body.value.list;
    const byId = (id: number) => sent.find((s) => s.id === id)!;
    expect([byId(listed.id).recipients, byId(team.id).recipients, byId(listed.id).status]).toEqual([1, 2, 'sent']);
    expect(byId(all.id).recipients).toBeGreaterThanOrEqual(5);
  });

  it('reaches the members of the chosen VIP levels as they are at delivery, and nobody else', async () => {
    const tier = (name: string, depositMin: string) => ({
      name,
      icon: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>',
      depositMin,
      turnoverMin: '0',
      keepDeposit: '0',
      keepTurnover: '0',
      upgradeBonus: '0',
      weeklyBonus: '0',
      monthlyBonus: '0',
      birthdayBonus: '0',
      withdrawDailyMax: null,
      withdrawDailyCount: null,
      pointsBonusBp: 0,
    });
    const saved = await t.call({
      method: 'PUT',
      url: '/wps/operator/vip',
      headers: bearer(await operatorToken(t, 'finance')),
      payload: { windowDays: 30, match: 'any', levels: [tier('Bronze', '1000'), tier('Silver', '5000')] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [bronze, silver, late, none] = await Promise.all([member(), member(), member(), member()]);
    await t.ctx.vip.place({ merchantId: bronze!.m.merchantId, memberId: bronze!.m.id }, 1);
    await t.ctx.vip.place({ merchantId: silver!.m.merchantId, memberId: silver!.m.id }, 2);
    const who = [bronze!, silver!, late!, none!];
    const before = await Promise.all(who.map((x) => unread(x.token)));

    const msg = (await send({ title, body, audience: { kind: 'vip', levels: [2] } })).body.value;
    expect(msg.audience).toEqual({ kind: 'vip', names: ['2'] });
    // Reaching the level before the delivery is enough: the audience is resolved when it is sent.
    await t.ctx.vip.place({ merchantId: late!.m.merchantId, memberId: late!.m.id }, 2);
    await deliverDue();

    const after = await Promise.all(who.map((x) => unread(x.token)));
    expect(after.map((n, i) => n - before[i]!)).toEqual([0, 1, 1, 0]);
    expect(await operatorMessages(silver!.token, msg)).toEqual([
      expect.objectContaining({ read: false, content: { title, body } }),
    ]);
    expect((await operatorMessages(bronze!.token, msg)).length).toBe(0);
    const sent = (
      await t.call<{ list: OperatorMessageView[] }>({
        method: 'GET',
        url: '/wps/operator/messages',
        headers: bearer(content),
      })
    ).body.value.list.find((s) => s.id === msg.id)!;
    expect([sent.status, sent.recipients]).toEqual(['sent', 2]);

    // A level the brand does not have: 400 on the field, nothing stored.
    const stored = async () =>
      rowsOf<{ n: number }>(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM operator_messages`))[0]!.n;
    const n = await stored();
    const unknown = await send({ title, body, audience: { kind: 'vip', levels: [2, 3] } });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'VIP_LEVEL_NOT_FOUND']);
    expect(JSON.stringify(unknown.body)).toContain('audience.levels');
    expect(await stored()).toBe(n);
  });

  it('marks read and deletes per member; the counts follow and others keep theirs', async () => {
    const a = await member();
    const b = await member();
    const msg = (await send({ title, body, audience: { kind: 'all' } })).body.value;
    await deliverDue();
    expect([await unread(a.token), await unread(b.token)]).toEqual([1, 1]);
    const [copy] = await operatorMessages(a.token, msg);
    const read = await t.call<{ unread: number }>({
      method: 'POST',
      url: '/wps/v2/messages/read',
      headers: bearer(a.token),
      payload: { ids: [copy!.id] },
    });
    expect(read.body.value.unread).toBe(0);
    expect((await operatorMessages(a.token, msg))[0]!.read).toBe(true);
    // Someone else's copy cannot be touched through its id.
    await t.call({
      method: 'POST',
      url: '/wps/v2/messages/delete',
      headers: bearer(b.token),
      payload: { ids: [copy!.id] },
    });
    expect((await operatorMessages(a.token, msg)).length).toBe(1);
    const del = await t.call<{ unread: number }>({
      method: 'POST',
      url: '/wps/v2/messages/delete',
      headers: bearer(b.token),
      payload: { ids: (await operatorMessages(b.token, msg)).map((n) => n.id) },
    });
    expect(del.body.value.unread).toBe(0);
    expect((await operatorMessages(b.token, msg)).length).toBe(0);
    const reads = (
      await t.call<{ list: OperatorMessageView[] }>({
        method: 'GET',
        url: '/wps/operator/messages',
        headers: bearer(content),
      })
    ).body.value.list.find((s) => s.id === msg.id)!.reads;
    expect(reads).toBe(2); // read, and deleted after being seen
    // "Read all" covers a broadcast never listed.
    const c = await member();
    await send({ title, body, audience: { kind: 'all' } });
    await deliverDue();
    expect(await unread(c.token)).toBe(1);
    await t.call({ method: 'POST', url: '/wps/v2/messages/read', headers: bearer(c.token), payload: { all: true } });
    expect(await unread(c.token)).toBe(0);
  });

  it('delivers a scheduled message once, at its time, with two schedulers', async () => {
    const a = await member();
    const at = new Date(Date.now() + 3_600_000);
    const msg = (
      await send({ title, body, audience: { kind: 'members', usernames: [a.m.username] }, sendAt: at.toISOString() })
    ).body.value;
    expect(msg.sendAt).toBe(at.toISOString());
    const runners = [new JobRunner(t.ctx.db), new JobRunner(t.ctx.db)];
    for (const r of runners) registerMessageJobs(r, t.ctx);
    const tick = async (now: Date) => {
      await Promise.all(runners.map((r) => r.runDue({ now })));
      await Promise.all(runners.map((r) => r.runDue({ now })));
    };
    await tick(new Date(at.getTime() - 60_000));
    expect(await unread(a.token)).toBe(0);
    await tick(new Date(at.getTime() + 1000));
    await tick(new Date(at.getTime() + 120_000));
    // A job run again by hand (as after a crash) delivers nothing more.
    await t.ctx.db.transaction((tx) => t.ctx.messages.deliver(tx, msg.id, new Date(), () => undefined));
    const copies = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM notifications WHERE message_id = ${msg.id}`),
    );
    expect(copies[0]!.n).toBe(1);
    expect(await unread(a.token)).toBe(1);
  });

  it('cancels a message not sent yet, and not one already sent', async () => {
    const a = await member();
    const later = (
      await send({
        title,
        body,
        audience: { kind: 'members', usernames: [a.m.username] },
        sendAt: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).body.value;
    const cancel = (id: number) =>
      t.call<OperatorMessageView>({
        method: 'POST',
        url: '/wps/operator/messages/cancel',
        headers: bearer(content),
        payload: { id },
      });
    expect((await cancel(later.id)).body.value.status).toBe('cancelled');
    await deliverDue(new Date(Date.now() + 2 * 86_400_000));
    expect(await unread(a.token)).toBe(0);
    const now = (await send({ title, body, audience: { kind: 'members', usernames: [a.m.username] } })).body.value;
    await deliverDue();
    const again = await cancel(now.id);
    expect([again.status, again.body.code]).toEqual([409, 'MESSAGE_ALREADY_SENT']);
  });

  it('pushes the delivery to the member’s open feed (a broadcast and a targeted message)', async () => {
    const a = await member();
    const got: MemberEvent[] = [];
    const off = t.ctx.notifications.subscribe(a.m.id, (e) => got.push(e), a.m.merchantId);
    await send({ title, body, audience: { kind: 'all' } });
    await send({ title, body, audience: { kind: 'members', usernames: [a.m.username] } });
    await deliverDue();
    await expect.poll(() => got.length).toBe(2);
    off();
    expect(got.map((e) => (e.type === 'notification' ? e.notification.kind : e.type))).toEqual([
      'operator_message',
      'operator_message',
    ]);
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const a: TestMember = (await member()).m;
    const memberToken = await sessionFor(t.ctx, a);
    const count = async () =>
      rowsOf<{ n: number }>(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM operator_messages`))[0]!.n;
    const n = await count();
    const bad = [
      { title: {}, body, audience: { kind: 'all' } },
      { title, body: { EN: '   ' }, audience: { kind: 'all' } },
      { title, body, audience: { kind: 'vip', levels: [9] } }, // not a level of the brand
      { title, body, audience: { kind: 'vip', levels: [] } },
      { title, body, audience: { kind: 'vip', levels: [1, 1] } },
      { title, body, audience: { kind: 'vip', levels: [0] } },
      { title, body, audience: { kind: 'vip', levels: ['1'] } },
      { title, body, audience: { kind: 'members', usernames: [] } },
      { title, body, audience: { kind: 'members', usernames: ['nobody-like-this'] } },
      { title, body, audience: { kind: 'team', agent: a.username } }, // not an agent
      { title, body, audience: { kind: 'all' }, sendAt: 'tomorrow' },
      { title, body, audience: { kind: 'all' }, sendAt: new Date(Date.now() + 400 * 86_400_000).toISOString() },
      { title: { XX: 'x' }, body, audience: { kind: 'all' } },
    ];
    for (const payload of bad) {
      const r = await send(payload);
      expect([r.status, payload]).toEqual([400, payload]);
    }
    expect((await send({ title, body, audience: { kind: 'all' } }, memberToken)).status).toBe(401);
    expect((await send({ title, body, audience: { kind: 'all' } }, await operatorToken(t, 'finance'))).status).toBe(
      403,
    );
    const del = await t.call({
      method: 'POST',
      url: '/wps/v2/messages/delete',
      headers: bearer(memberToken),
      payload: { ids: [] },
    });
    expect(del.status).toBe(400);
    expect(await count()).toBe(n);
  });
});
