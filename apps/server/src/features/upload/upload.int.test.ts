import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  JPEG_BYTES,
  PNG_BYTES,
  bearer,
  createMember,
  operatorToken,
  sessionFor,
} from '../../../test/factories/wallet.ts';
import { rowsOf } from '../../../test/rows.ts';
import { UPLOAD_CLEANUP_JOB } from './jobs.ts';
import { sniffImage } from './service.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_DAILY_QUOTA: '4' } });
  token = await sessionFor(t.ctx, await createMember(t.ctx));
});
afterAll(() => t.close());

const upload = (bytes: Buffer, type = 'image/png', purpose = 'deposit_proof', as = token) =>
  t.call<{ id: string; mime: string; size: number }>({
    method: 'POST',
    url: `/wps/v2/uploads?purpose=${purpose}`,
    headers: { ...bearer(as), 'content-type': type },
    payload: bytes,
  });
const uploadIds = async () =>
  rowsOf<{ id: string }>(await t.ctx.db.execute('select id::text as id from uploads')).map((r) => r.id);

describe('proof images', () => {
  it('takes png and jpg by their bytes, whatever the header says', async () => {
    expect((await upload(PNG_BYTES)).body.value).toMatchObject({ mime: 'image/png', size: PNG_BYTES.length });
    expect((await upload(JPEG_BYTES, 'image/png')).body.value.mime).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
  });

  it('refuses other formats and images over 5 MB with the spec’s messages', async () => {
    const gif = await upload(Buffer.from('GIF89a0000000000'), 'image/gif');
    expect([gif.status, gif.body.message]).toEqual([415, 'Only acceptable png or jpg']);
    const fake = await upload(Buffer.concat([Buffer.from('not a png'), PNG_BYTES]), 'image/png');
    expect(fake.status).toBe(415);
    const big = await upload(Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]));
    expect([big.status, big.body.message]).toEqual([413, 'The image maximum size is 5MB']);
    expect((await upload(PNG_BYTES, 'image/png', 'avatar')).status).toBe(400);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/wps/v2/uploads?purpose=deposit_proof',
          headers: { 'content-type': 'image/png' },
          payload: PNG_BYTES,
        })
      ).status,
    ).toBe(401);
  });

  it('shows an image only to its owner and to money staff (finance, admin), not to other roles', async () => {
    const id = (await upload(PNG_BYTES)).body.value.id;
    const own = await t.app.inject({ method: 'GET', url: `/wps/v2/uploads/${id}`, headers: bearer(token) });
    expect([own.statusCode, own.headers['content-type'], own.rawPayload.equals(PNG_BYTES)]).toEqual([
      200,
      'image/png',
      true,
    ]);
    const other = await sessionFor(t.ctx, await createMember(t.ctx));
    expect(
      (await t.app.inject({ method: 'GET', url: `/wps/v2/uploads/${id}`, headers: bearer(other) })).statusCode,
    ).toBe(404);
    const read = async (role: 'admin' | 'finance' | 'support' | 'content', path = id) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/operator/uploads/${path}`,
        headers: bearer(await operatorToken(t, role)),
      });
      return [
        res.statusCode,
        res.statusCode === 200 ? res.rawPayload.equals(PNG_BYTES) : res.json<{ code: string }>().code,
      ];
    };
    expect(await read('finance')).toEqual([200, true]);
    expect(await read('admin')).toEqual([200, true]);
    expect(await read('content')).toEqual([403, 'FORBIDDEN']);
    expect(await read('support')).toEqual([403, 'FORBIDDEN']);
    expect((await read('finance', 'not-a-uuid'))[0]).toBe(404);
  });
});

describe('quota and cleanup (decision 055)', () => {
  it('takes UPLOAD_DAILY_QUOTA images a member a day, parallel ones included; then 429 with its code, others unaffected', async () => {
    const member = await sessionFor(t.ctx, await createMember(t.ctx));
    const before = (await uploadIds()).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => upload(PNG_BYTES, 'image/png', 'deposit_proof', member)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      expect([r.status, r.body.code, r.body.message]).toEqual([
        429,
        'UPLOAD_QUOTA_EXCEEDED',
        'You have uploaded the most images allowed for today; try again tomorrow',
      ]);
    }
    expect((await uploadIds()).length).toBe(before + 4);
    const other = await sessionFor(t.ctx, await createMember(t.ctx));
    expect((await upload(PNG_BYTES, 'image/png', 'deposit_proof', other)).status).toBe(200);
  });

  it('deletes uploads left unattached for a day, once per period, and keeps attached and recent ones', async () => {
    const member = await createMember(t.ctx);
    const as = await sessionFor(t.ctx, member);
    const attached = (await upload(PNG_BYTES, 'image/png', 'deposit_proof', as)).body.value.id;
    const orphan = (await upload(PNG_BYTES, 'image/png', 'deposit_proof', as)).body.value.id;
    const recent = (await upload(PNG_BYTES, 'image/png', 'deposit_proof', as)).body.value.id;
    // Attach one to a deposit of a bank channel.
    const admin = await operatorToken(t, 'admin');
    const channel = await t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/operator/deposit-channels',
      headers: bearer(admin),
      payload: {
        code: 'UPLOAD_BANK',
        kind: 'bank',
        name: 'Bank',
        enabled: true,
        minAmount: '1000',
        maxAmount: '500000',
        bank: {
          bankName: 'Banco Lotus',
          accountName: 'LOTUS LTDA',
          accountNumber: '12345-6',
          branch: '0001',
          pixKey: 'pix@lotus.example',
          instructions: null,
        },
      },
    });
    expect(channel.status).toBe(200);
    const deposit = await t.call({
      method: 'POST',
      url: '/wps/v2/deposits',
      headers: bearer(as),
      payload: {
        channelId: channel.body.value.id,
        amount: '5000',
        requestId: `up_${Date.now()}`,
        reference: 'x',
        proofUploadId: attached,
      },
    });
    expect(deposit.status).toBe(200);
    await t.ctx.db.execute(
      `update uploads set created_at = now() - interval '25 hours' where id in ('${attached}', '${orphan}')`,
    );
    const now = new Date(Date.now() + 2 * 3_600_000);
    await t.ctx.jobs.schedulePeriods(now);
    // Several instances asking for due work at once: each period's run is one job, run once.
    const ran = await Promise.all([t.ctx.jobs.runDue({ now }), t.ctx.jobs.runDue({ now }), t.ctx.jobs.runDue({ now })]);
    expect(ran.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const ids = await uploadIds();
    expect(ids).toContain(attached);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(orphan);
    const runs = rowsOf<{ key: string; status: string }>(
      await t.ctx.db.execute(`select key, state as status from jobs where name = '${UPLOAD_CLEANUP_JOB}'`),
    );
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(new Set(runs.map((r) => r.key)).size).toBe(runs.length);
    expect(runs.every((r) => r.status === 'done')).toBe(true);
    // Asking again in the same period does nothing more.
    await t.ctx.jobs.schedulePeriods(now);
    expect(await t.ctx.jobs.runDue({ now })).toBe(0);
  });
});
