import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskApplication, OperatorPromotion, PromotionApplication, PublicPromotion } from '@app/contract';
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

/*
 * Activity applications (issue 19, spec §5, decision 086): a member applies to an
 * application-reviewed promotion with a comment and up to 3 images; an operator approves (the
 * reward is paid once through the wallet) or rejects with a reason the member sees.
 */

let t: TestApp;
let admin: string;
let content: string;
let finance: string;
let support: string;
const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_DAILY_QUOTA: '200' } });
  admin = await operatorToken(t, 'admin');
  content = await operatorToken(t, 'content');
  finance = await operatorToken(t, 'finance');
  support = await operatorToken(t, 'support');
});
afterAll(() => t.close());

const newPlayer = async () => {
  const m = await createMember(t.ctx, { payeeName: 'Ana Souza' });
  return { m, token: await sessionFor(t.ctx, m) };
};
type Player = Awaited<ReturnType<typeof newPlayer>>;

const applicationPromotion = async (body: Record<string, unknown> = {}) => {
  const r = await t.call<OperatorPromotion>({
    method: 'POST',
    url: '/wps/operator/promotions',
    headers: bearer(content),
    payload: {
      type: 'SPECIAL_OFFER',
      texts: { EN: { title: 'Share and win', description: 'Share your win.', terms: '' } },
      startsAt: iso(-HOUR),
      trigger: 'manual',
      formula: 'fixed',
      amount: '1000',
      claimMode: 'application',
      ...body,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.value;
};

const upload = (p: Player, bytes: Buffer, purpose = 'promotion_application', type = 'image/png') =>
  t.call<{ id: string }>({
    method: 'POST',
    url: `/wps/v2/uploads?purpose=${purpose}`,
    headers: { ...bearer(p.token), 'content-type': type },
    payload: bytes,
  });
const image = async (p: Player, bytes = PNG_BYTES) => {
  const r = await upload(p, bytes);
  expect(r.status).toBe(200);
  return r.body.value.id;
};

const apply = (p: Player, promotionId: number, comment: string, imageIds: string[] = []) =>
  t.call<PromotionApplication>({
    method: 'POST',
    url: '/wps/v2/promotions/apply',
    headers: bearer(p.token),
    payload: { promotionId, comment, imageIds },
  });
const decide = (id: number, outcome: 'approve' | 'reject', reason = '', token = finance) =>
  t.call<DeskApplication>({
    method: 'POST',
    url: '/wps/operator/promotions/applications/decide',
    headers: bearer(token),
    payload: { id, outcome, reason },
  });
const queue = async (status = 'applying', token = content) =>
  t.call<{ list: DeskApplication[]; total: number }>({
    method: 'GET',
    url: `/wps/operator/promotions/applications?status=${status}&pageSize=100`,
    headers: bearer(token),
  });
const mine = async (p: Player, promotionId: number) =>
  (
    await t.call<{ list: PublicPromotion[] }>({
      method: 'GET',
      url: '/wps/v2/promotions?language=EN',
      headers: bearer(p.token),
    })
  ).body.value.list.find((x) => x.id === promotionId)!;
const balance = async (p: Player) =>
  BigInt(
    (await t.call<{ balance: string }>({ method: 'GET', url: '/wps/v2/wallets/balance', headers: bearer(p.token) }))
      .body.value.balance,
  );
const applicationRows = async (memberId: number) =>
  rowsOf<{ id: number; status: string }>(
    await t.ctx.db.execute(sql`SELECT id, status FROM promotion_applications WHERE member_id = ${memberId}`),
  );
const messages = async (p: Player) =>
  (
    await t.call<{ list: { kind: string; params: Record<string, string> }[] }>({
      method: 'GET',
      url: '/wps/v2/messages',
      headers: bearer(p.token),
    })
  ).body.value.list.filter((n) => n.kind.startsWith('promotion_application_'));
const ledgerRows = async (key: string) =>
  rowsOf<{ id: number }>(
    await t.ctx.db.execute(sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${key}`),
  );

describe('applying', () => {
  it('takes a comment and two images; the member is applying, once, and Join is refused', async () => {
    const promo = await applicationPromotion();
    const p = await newPlayer();
    expect((await mine(p, promo.id)).myStatus).toBe('join');
    const images = [await image(p), await image(p, JPEG_BYTES)];
    const r = await apply(p, promo.id, '  https://social.example/post/1  ', images);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.value).toMatchObject({
      status: 'applying',
      comment: 'https://social.example/post/1',
      images,
      reason: null,
      entryId: null,
    });
    const listed = await mine(p, promo.id);
    expect(listed.myStatus).toBe('applying');
    expect(listed.application).toMatchObject({ id: r.body.value.id, status: 'applying', images });

    // Twice while one waits: refused by the partial unique key, even in parallel.
    const again = await Promise.all([1, 2, 3].map(() => apply(p, promo.id, 'again')));
    for (const a of again) expect([a.status, a.body.code]).toEqual([409, 'APPLICATION_PENDING']);
    expect(await applicationRows(p.m.id)).toHaveLength(1);

    const join = await t.call({
      method: 'POST',
      url: '/wps/v2/promotions/join',
      headers: bearer(p.token),
      payload: { promotionId: promo.id },
    });
    expect([join.status, join.body.code]).toEqual([409, 'APPLICATION_REQUIRED']);

    // The member sees their own images; the event says who applied and why.
    const own = await t.app.inject({ method: 'GET', url: `/wps/v2/uploads/${images[0]}`, headers: bearer(p.token) });
    expect(own.statusCode).toBe(200);
    const events = await t.ctx.promotions.applicationEvents(r.body.value.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind, e.actorId, e.reason])).toEqual([
      [null, 'applying', 'member', p.m.id, 'applied with 2 image(s)'],
    ]);
  });

  it('enforces the spec’s image rules and the comment’s length with 4xx, changing nothing', async () => {
    const promo = await applicationPromotion();
    const p = await newPlayer();
    const four = await Promise.all([1, 2, 3, 4].map(() => image(p)));
    const tooMany = await apply(p, promo.id, 'four images', four);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain("Can't accept upload more than 3 images");

    const big = await upload(p, Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]));
    expect([big.status, big.body.message]).toEqual([413, 'The image maximum size is 5MB']);
    const gif = await upload(p, Buffer.from('GIF89a0000000000'), 'promotion_application', 'image/gif');
    expect([gif.status, gif.body.message]).toEqual([415, 'Only acceptable png or jpg']);
    // A PNG header on other bytes: judged by the bytes, not the claim.
    const fake = await upload(p, Buffer.concat([Buffer.from('not a png'), PNG_BYTES]));
    expect([fake.status, fake.body.message]).toEqual([415, 'Only acceptable png or jpg']);

    const long = await apply(p, promo.id, 'x'.repeat(141));
    expect(long.status).toBe(400);
    expect((await apply(p, promo.id, '   ')).body.message).toContain('Please enter content');
    expect((await apply(p, promo.id, 'dup', [four[0]!, four[0]!])).status).toBe(400);
    // Someone else's image, or one uploaded for something else, is not attached.
    const other = await newPlayer();
    expect((await apply(p, promo.id, 'not mine', [await image(other)])).status).toBe(400);
    const proof = (await upload(p, PNG_BYTES, 'deposit_proof')).body.value.id;
    expect((await apply(p, promo.id, 'a receipt', [proof])).status).toBe(400);
    expect(await applicationRows(p.m.id)).toHaveLength(0);

    expect((await apply(p, promo.id, 'x'.repeat(140), four.slice(0, 3))).status).toBe(200);
  });

  it('is refused for promotions that take no application, not live, or not for the member', async () => {
    const p = await newPlayer();
    const manual = (
      await t.call<OperatorPromotion>({
        method: 'POST',
        url: '/wps/operator/promotions',
        headers: bearer(content),
        payload: {
          type: 'DAILY',
          texts: { EN: { title: 'Join', description: 'Join.', terms: '' } },
          startsAt: iso(-HOUR),
          trigger: 'manual',
          amount: '100',
        },
      })
    ).body.value;
    expect((await apply(p, manual.id, 'hello')).body.code).toBe('PROMOTION_NOT_APPLICATION');
    const later = await applicationPromotion({ startsAt: iso(HOUR) });
    expect((await apply(p, later.id, 'hello')).body.code).toBe('PROMOTION_NOT_LIVE');
    const listOnly = await applicationPromotion({ audience: 'list', audienceIds: [p.m.id + 100000] });
    expect((await apply(p, listOnly.id, 'hello')).status).toBe(403);
    expect((await apply(p, 999999, 'hello')).status).toBe(404);
    // The claim mode needs the manual trigger.
    const bad = await t.call({
      method: 'POST',
      url: '/wps/operator/promotions',
      headers: bearer(content),
      payload: {
        type: 'DEPOSIT',
        texts: { EN: { title: 'x', description: 'y', terms: '' } },
        startsAt: iso(-HOUR),
        trigger: 'first_deposit',
        formula: 'fixed',
        amount: '100',
        claimMode: 'application',
      },
    });
    expect(bad.status).toBe(400);
    expect(await applicationRows(p.m.id)).toHaveLength(0);
  });
});

describe('the review', () => {
  it('approves once under concurrent approvals: paid once through the wallet, issued, recorded and audited', async () => {
    const promo = await applicationPromotion({ amount: '1500' });
    const p = await newPlayer();
    const images = [await image(p), await image(p, JPEG_BYTES)];
    const app = (await apply(p, promo.id, 'my post', images)).body.value;
    const waiting = (await queue()).body.value.list.find((a) => a.id === app.id)!;
    expect(waiting).toMatchObject({
      memberId: p.m.id,
      account: p.m.username,
      comment: 'my post',
      images,
      promotionTitle: 'Share and win',
      amount: '1500',
      status: 'applying',
    });
    // The images, for the desk.
    const shown = await t.app.inject({
      method: 'GET',
      url: `/wps/operator/promotions/applications/images/${images[1]}`,
      headers: bearer(content),
    });
    expect([shown.statusCode, shown.headers['content-type'], shown.rawPayload.equals(JPEG_BYTES)]).toEqual([
      200,
      'image/jpeg',
      true,
    ]);

    const before = await balance(p);
    const answers = await Promise.all(Array.from({ length: 8 }, () => decide(app.id, 'approve')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect([a.status, a.body.code]).toEqual([409, 'APPLICATION_DECIDED']);
    const done = answers.find((a) => a.status === 200)!.body.value;
    expect(done).toMatchObject({ status: 'approved', decidedBy: expect.any(Number) });
    expect(await balance(p)).toBe(before + 1500n);
    expect(await ledgerRows(`promo:${done.entryId}`)).toHaveLength(1);

    const listed = await mine(p, promo.id);
    expect(listed.myStatus).toBe('issued');
    expect(listed.application).toMatchObject({ status: 'approved', entryId: done.entryId });
    const events = await t.ctx.promotions.applicationEvents(app.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([
      [null, 'applying', 'member'],
      ['applying', 'issued', 'operator'],
    ]);
    const entryEvents = await t.ctx.promotions.events(done.entryId!);
    expect(entryEvents.map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([
      [null, 'claim', 'operator'],
      ['claim', 'issued', 'operator'],
      // The application's own move names the entry it made.
      ['applying', 'issued', 'operator'],
    ]);
    const audit = rowsOf<{ action: string }>(
      await t.ctx.db.execute(
        sql`SELECT action FROM operator_audit WHERE target = ${`promotion_application:${app.id}`}`,
      ),
    );
    expect(audit.map((a) => a.action)).toEqual(['promotion.application.approve']);
    // One message to the member, whatever the number of concurrent approvals.
    expect(await messages(p)).toEqual([
      expect.objectContaining({
        kind: 'promotion_application_approved',
        params: expect.objectContaining({ amount: '1500', applicationId: String(app.id) }),
      }),
    ]);

    // Once per account: no second application once paid, and a late decision is refused.
    expect((await apply(p, promo.id, 'again')).body.code).toBe('ALREADY_JOINED');
    expect((await decide(app.id, 'reject', 'too late')).body.code).toBe('APPLICATION_DECIDED');
    expect((await queue('approved')).body.value.list.some((a) => a.id === app.id)).toBe(true);
  });

  it('pays through the engine’s wagering path: a bonus with a multiple is in process and locks withdrawals', async () => {
    const promo = await applicationPromotion({ amount: '2000', wageringMultiple: 3 });
    const p = await newPlayer();
    const app = (await apply(p, promo.id, 'wager me')).body.value;
    expect((await decide(app.id, 'approve', '', admin)).status).toBe(200);
    expect((await mine(p, promo.id)).myStatus).toBe('process');
    const bonuses = await t.call<{ list: { status: string; wagering: { required: string } }[] }>({
      method: 'GET',
      url: '/wps/v2/promotions/bonuses?language=EN',
      headers: bearer(p.token),
    });
    expect(bonuses.body.value.list[0]).toMatchObject({ status: 'process', wagering: { required: '6000' } });
  });

  it('rejects with a reason the member sees; the member may apply again', async () => {
    const promo = await applicationPromotion();
    const p = await newPlayer();
    const app = (await apply(p, promo.id, 'first try', [await image(p)])).body.value;
    const noReason = await decide(app.id, 'reject', '  ');
    expect([noReason.status, noReason.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const before = await balance(p);
    const r = await decide(app.id, 'reject', 'The screenshot does not show the post');
    expect(r.body.value).toMatchObject({ status: 'rejected', reason: 'The screenshot does not show the post' });
    expect(await balance(p)).toBe(before);
    const listed = await mine(p, promo.id);
    expect(listed.myStatus).toBe('rejected');
    expect(listed.application).toMatchObject({ status: 'rejected', reason: 'The screenshot does not show the post' });
    expect(await messages(p)).toEqual([
      expect.objectContaining({
        kind: 'promotion_application_rejected',
        params: expect.objectContaining({ reason: 'The screenshot does not show the post' }),
      }),
    ]);
    const events = await t.ctx.promotions.applicationEvents(app.id);
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'applying',
      toStatus: 'rejected',
      actorKind: 'operator',
      reason: 'The screenshot does not show the post',
    });

    const second = await apply(p, promo.id, 'second try');
    expect(second.body.value.status).toBe('applying');
    expect((await mine(p, promo.id)).myStatus).toBe('applying');
    expect((await decide(second.body.value.id, 'approve')).status).toBe(200);
    expect(await balance(p)).toBe(before + 1000n);
  });

  it('applies the engine’s limits: one reward per address when the promotion says so', async () => {
    const promo = await applicationPromotion({ guards: ['address'] });
    const [a, b] = [await newPlayer(), await newPlayer()];
    const first = (await apply(a, promo.id, 'a')).body.value;
    const second = (await apply(b, promo.id, 'b')).body.value;
    expect((await decide(first.id, 'approve')).status).toBe(200);
    const refused = await decide(second.id, 'approve');
    expect([refused.status, refused.body.code]).toEqual([409, 'LIMIT_REACHED']);
    // Nothing changed: still waiting, for the operator to reject.
    expect((await mine(b, promo.id)).myStatus).toBe('applying');
    expect((await decide(second.id, 'reject', 'One per household')).status).toBe(200);
  });

  it('is for promotion staff: support and members are refused; payment proofs are not served', async () => {
    const promo = await applicationPromotion();
    const p = await newPlayer();
    const img = await image(p);
    const app = (await apply(p, promo.id, 'roles', [img])).body.value;
    expect((await queue('applying', support)).status).toBe(403);
    expect((await queue('applying', finance)).status).toBe(200);
    expect((await decide(app.id, 'approve', '', support)).status).toBe(403);
    expect((await decide(app.id, 'approve', '', p.token)).status).toBe(401);
    const read = async (id: string, token: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/wps/operator/promotions/applications/images/${id}`,
          headers: bearer(token),
        })
      ).statusCode;
    expect(await read(img, support)).toBe(403);
    const proof = (await upload(p, PNG_BYTES, 'deposit_proof')).body.value.id;
    expect(await read(proof, content)).toBe(404);
    expect(await read('not-a-uuid', content)).toBe(404);
    expect((await decide(999999, 'approve')).status).toBe(404);
    expect((await mine(p, promo.id)).myStatus).toBe('applying');
  });

  it('keeps attached images through the cleanup of unattached uploads', async () => {
    const promo = await applicationPromotion();
    const p = await newPlayer();
    const kept = await image(p);
    const loose = await image(p);
    await apply(p, promo.id, 'cleanup', [kept]);
    await t.ctx.db.execute(sql`UPDATE uploads SET created_at = now() - interval '2 days' WHERE member_id = ${p.m.id}`);
    await t.ctx.db.transaction((tx) => t.ctx.uploads.deleteUnattached(tx, new Date()));
    const left = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`SELECT id::text AS id FROM uploads WHERE member_id = ${p.m.id}`),
    ).map((r) => r.id);
    expect(left).toContain(kept);
    expect(left).not.toContain(loose);
  });
});
