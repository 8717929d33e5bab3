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
import { sniffImage } from './service.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await sessionFor(t.ctx, await createMember(t.ctx));
});
afterAll(() => t.close());

const upload = (bytes: Buffer, type = 'image/png', purpose = 'deposit_proof') =>
  t.call<{ id: string; mime: string; size: number }>({
    method: 'POST',
    url: `/wps/v2/uploads?purpose=${purpose}`,
    headers: { ...bearer(token), 'content-type': type },
    payload: bytes,
  });

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
