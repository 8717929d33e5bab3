import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackDeskView, FeedbackView } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import {
  JPEG_BYTES,
  PNG_BYTES,
  bearer,
  createMember,
  operatorToken,
  sessionFor,
} from '../../../test/factories/wallet.ts';

let t: TestApp;
let support: string;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  support = await operatorToken(t, 'support');
  finance = await operatorToken(t, 'finance');
});
afterAll(() => t.close());

const member = async () => {
  const m = await createMember(t.ctx);
  return { m, token: await sessionFor(t.ctx, m) };
};
const upload = async (token: string, bytes: Buffer = PNG_BYTES, purpose = 'feedback') =>
  t.call<{ id: string }>({
    method: 'POST',
    url: `/wps/v2/uploads?purpose=${purpose}`,
    headers: { ...bearer(token), 'content-type': 'image/png' },
    payload: bytes,
  });
const send = (token: string, payload: object) =>
  t.call<FeedbackView>({ method: 'POST', url: '/wps/v2/feedback', headers: bearer(token), payload });
const answer = (payload: object, as = support) =>
  t.call<FeedbackDeskView>({ method: 'POST', url: '/wps/operator/feedback/answer', headers: bearer(as), payload });
const description = 'The deposit page froze after I chose PIX.';
const feedbackCount = async () =>
  rowsOf<{ n: number }>(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM feedback`))[0]!.n;

describe('feedback', () => {
  it('takes a question type, a description and up to 3 images; the desk sees them', async () => {
    const a = await member();
    const images = [(await upload(a.token)).body.value.id, (await upload(a.token, JPEG_BYTES)).body.value.id];
    const f = await send(a.token, { questionType: 'deposit', description: `  ${description}  `, imageIds: images });
    expect(f.status).toBe(200);
    expect(f.body.value).toMatchObject({
      questionType: 'deposit',
      description,
      images,
      status: 'pending',
      reply: null,
    });
    const mine = await t.call<{ list: FeedbackView[] }>({
      method: 'GET',
      url: '/wps/v2/feedback',
      headers: bearer(a.token),
    });
    expect(mine.body.value.list.map((x) => x.id)).toEqual([f.body.value.id]);
    const desk = await t.call<{ list: FeedbackDeskView[] }>({
      method: 'GET',
      url: '/wps/operator/feedback',
      headers: bearer(support),
    });
    expect(desk.body.value.list.find((x) => x.id === f.body.value.id)).toMatchObject({ account: a.m.username, images });
    const img = await t.app.inject({
      method: 'GET',
      url: `/wps/operator/feedback/images/${images[0]}`,
      headers: bearer(support),
    });
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/png']);
    // A deposit proof is not a feedback image: not served on this path.
    const proof = (await upload(a.token, PNG_BYTES, 'deposit_proof')).body.value.id;
    expect(
      (await t.call({ method: 'GET', url: `/wps/operator/feedback/images/${proof}`, headers: bearer(support) })).status,
    ).toBe(404);
    // The hourly clean-up keeps images a feedback refers to.
    await t.ctx.db.execute(sql`UPDATE uploads SET created_at = now() - interval '2 days'`);
    await t.ctx.db.transaction((tx) => t.ctx.uploads.deleteUnattached(tx, new Date()));
    const left = rowsOf<{ id: string }>(await t.ctx.db.execute(sql`SELECT id::text AS id FROM uploads`)).map(
      (r) => r.id,
    );
    expect(left).toEqual(expect.arrayContaining(images));
    expect(left).not.toContain(proof);
  });

  it('refuses bad input with the spec’s messages and stores nothing', async () => {
    const a = await member();
    const b = await member();
    const four = await Promise.all([1, 2, 3, 4].map(() => upload(a.token)));
    const ids = four.map((r) => r.body.value.id);
    const n = await feedbackCount();
    const cases: [object, string][] = [
      [{ questionType: 'deposit', description: '   ', imageIds: [] }, 'Please enter content'],
      [{ questionType: 'deposit', description: 'too short' }, 'Write at least 10 characters'],
      [{ questionType: 'nope', description }, 'Choose a question type'],
      [{ questionType: 'deposit', description, imageIds: ids }, "Can't accept upload more than 3 images"],
      [{ questionType: 'deposit', description, imageIds: [ids[0], ids[0]] }, 'Each image once'],
      [{ questionType: 'deposit', description, imageIds: ['not-an-id'] }, 'Upload the image first'],
      [{ questionType: 'deposit', description, extra: 1 }, ''],
    ];
    for (const [payload, message] of cases) {
      const r = await send(a.token, payload);
      expect(r.status).toBe(400);
      if (message) expect(JSON.stringify(r.body)).toContain(message);
    }
    // Someone else's image.
    const theirs = await send(b.token, { questionType: 'other', description, imageIds: [ids[0]] });
    expect([theirs.status, theirs.body.code]).toEqual([400, 'UPLOAD_NOT_FOUND']);
    // A GIF: the upload refuses it with the spec's message.
    const gif = await upload(a.token, Buffer.from('GIF89a0000000000'));
    expect([gif.status, gif.body.message]).toEqual([415, 'Only acceptable png or jpg']);
    expect(
      (await t.call({ method: 'POST', url: '/wps/v2/feedback', payload: { questionType: 'other', description } }))
        .status,
    ).toBe(401);
    expect(await feedbackCount()).toBe(n);
    expect((await answer({ id: 999999, reply: 'x', outcome: 'replied' })).status).toBe(404);
    expect((await answer({ id: 1, reply: '', outcome: 'replied' })).status).toBe(400);
    expect((await answer({ id: 1, reply: 'x', outcome: 'maybe' })).status).toBe(400);
    expect((await answer({ id: 1, reply: 'x', outcome: 'replied' }, finance)).status).toBe(403);
    const save = await t.call({
      method: 'PUT',
      url: '/wps/operator/feedback/settings',
      headers: bearer(finance),
      payload: { reward: '-5' },
    });
    expect(save.status).toBe(400);
  });

  it('sends the reply to the member’s messages, unread until read', async () => {
    const a = await member();
    const f = (await send(a.token, { questionType: 'games', description })).body.value;
    const before = (
      await t.call<{ count: number }>({ method: 'GET', url: '/wps/v2/messages/unread', headers: bearer(a.token) })
    ).body.value.count;
    const r = await answer({ id: f.id, reply: 'Thanks, we fixed the page.', outcome: 'replied' });
    expect(r.body.value).toMatchObject({ status: 'replied', reply: 'Thanks, we fixed the page.' });
    const msgs = await t.call<{ list: { id: number; kind: string; params: Record<string, string>; read: boolean }[] }>({
      method: 'GET',
      url: '/wps/v2/messages',
      headers: bearer(a.token),
    });
    const reply = msgs.body.value.list.find((n) => n.kind === 'feedback_replied')!;
    expect(reply).toMatchObject({
      read: false,
      params: { feedbackId: String(f.id), outcome: 'replied', reply: 'Thanks, we fixed the page.' },
    });
    const after = await t.call<{ count: number }>({
      method: 'GET',
      url: '/wps/v2/messages/unread',
      headers: bearer(a.token),
    });
    expect(after.body.value.count).toBe(before + 1);
    // Replied is still open: a decision may follow; a decided one takes no other.
    expect((await answer({ id: f.id, reply: 'Not a bug after all.', outcome: 'rejected' })).body.value.status).toBe(
      'rejected',
    );
    const again = await answer({ id: f.id, reply: 'Changed my mind.', outcome: 'accepted' });
    expect([again.status, again.body.code]).toEqual([409, 'FEEDBACK_CLOSED']);
  });

  it('pays the reward for accepted feedback once, however many accept at once', async () => {
    const save = await t.call<{ reward: string }>({
      method: 'PUT',
      url: '/wps/operator/feedback/settings',
      headers: bearer(finance),
      payload: { reward: '500' },
    });
    expect(save.body.value.reward).toBe('500');
    const a = await member();
    const f = (await send(a.token, { questionType: 'suggestion', description })).body.value;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => answer({ id: f.id, reply: 'Great idea, thank you!', outcome: 'accepted' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await t.ctx.wallet.balance(a.m.merchantId, a.m.id)).balance).toBe(500n);
    const mine = await t.call<{ list: FeedbackView[] }>({
      method: 'GET',
      url: '/wps/v2/feedback',
      headers: bearer(a.token),
    });
    expect(mine.body.value.list[0]).toMatchObject({ status: 'accepted', reward: '500' });
    const replies = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM notifications WHERE member_id = ${a.m.id} AND kind = 'feedback_replied'`,
      ),
    );
    expect(replies[0]!.n).toBe(1);
  });
});
