import type { MirrorDomainValue, OperatorDomain } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorHeaders } from '../../../test/factories/catalog.ts';
import { createMerchant } from '../../../test/factories/merchant.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listAudit } from '../operator/data.ts';
import { createOperator } from '../operator/service.ts';

let t: TestApp;
let editor: Record<string, string>;
let finance: Record<string, string>;
let merchantId: number;
let otherBrandMirrorId: number;

const URL_ = '/wps/operator/content/domains';

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await t.ctx.merchants.resolveId('localhost');
  await createOperator(t.ctx.db, { merchantId, username: 'editor', password: 'Editor#2026', role: 'content' });
  await createOperator(t.ctx.db, { merchantId, username: 'money', password: 'Money#2026', role: 'finance' });
  editor = await operatorHeaders(t, 'editor', 'Editor#2026');
  finance = await operatorHeaders(t, 'money', 'Money#2026');
  const other = await createMerchant(t.ctx, {
    code: 'sunrise',
    siteName: 'Sunrise Bet',
    hosts: ['sunrise.example'],
    mirrors: ['sunrise-mirror.example'],
  });
  const brand = await t.ctx.merchants.brand(other.id);
  otherBrandMirrorId = brand.domains.find((d) => d.isMirror)!.id;
});
afterAll(() => t.close());

const list = async (headers = editor) =>
  (await t.call<{ list: OperatorDomain[] }>({ method: 'GET', url: URL_, headers })).body.value.list;
const call = <T>(method: 'POST' | 'PUT' | 'DELETE', payload: object | null, url = URL_, headers = editor) =>
  t.call<T>({ method, url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const publicMirrors = async () =>
  (
    await t.call<{ list: string[]; domains: MirrorDomainValue[] }>({
      method: 'GET',
      url: '/wps/relay/MCSFE_getMirrorDomains',
    })
  ).body.value;
const footerMirrors = async () =>
  (await t.call<{ whitelabel: { mirrorDomains: string[] } }>({ method: 'GET', url: '/wps/system/status' })).body.value
    .whitelabel.mirrorDomains;

describe('operator mirror domains', () => {
  it('are for operators with the content (or admin) role', async () => {
    expect((await t.call({ method: 'GET', url: URL_ })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: URL_, headers: finance })).status).toBe(403);
    expect((await call('POST', { host: 'new-mirror.example' }, URL_, finance)).status).toBe(403);
    expect((await call('PUT', { ids: [1] }, `${URL_}/order`, finance)).status).toBe(403);
    const seeded = await list();
    expect(seeded.map((d) => d.host)).toEqual(['lotus88-a.example', 'lotus88-b.example', 'lotus88-c.example']);
    expect(seeded.every((d) => d.status === 'active')).toBe(true);
  });

  it('refuse anything but a free host name with a 4xx and change nothing', async () => {
    const before = await list();
    const bad: object[] = [
      { host: 'https://mirror.example' },
      { host: 'mirror.example:8443' },
      { host: 'mirror.example/path' },
      { host: 'localhost' },
      { host: '-mirror.example' },
      { host: 'mir ror.example' },
      { host: 'mirror.example.' },
      { host: '' },
      { host: 'x'.repeat(64) + '.example' },
      { host: 'mirror.example', status: 'offline' },
      { host: 'mirror.example', sort: 3 },
      {},
    ];
    for (const b of bad) {
      const res = await call<unknown>('POST', b);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    // Taken by this brand (in any case) or by another brand: 409, never a 500.
    for (const host of ['lotus88-a.example', 'LOTUS88-B.Example', 'sunrise-mirror.example', 'sunrise.example']) {
      const res = await call<unknown>('POST', { host });
      expect(res.status, host).toBe(409);
      expect(res.body.code).toBe('DOMAIN_TAKEN');
    }
    const [first] = before;
    expect((await call('PUT', { id: first!.id, host: 'lotus88-b.example' })).status).toBe(409);
    expect((await call('PUT', { id: first!.id })).status).toBe(400);
    expect((await call('PUT', { id: first!.id, status: 'gone' })).status).toBe(400);
    // Another brand's mirror is not this operator's to touch.
    expect((await call('PUT', { id: otherBrandMirrorId, status: 'retired' })).status).toBe(404);
    expect(
      (await call<{ deleted: boolean }>('DELETE', null, `${URL_}?id=${otherBrandMirrorId}`)).body.value.deleted,
    ).toBe(false);
    expect((await call('DELETE', null, `${URL_}?id=abc`)).status).toBe(400);
    expect(await list()).toEqual(before);
    const sunrise = await t.ctx.merchants.brand(await t.ctx.merchants.resolveId('sunrise.example'));
    expect(sunrise.domains.find((d) => d.id === otherBrandMirrorId)?.status).toBe('active');
  });

  it('add, change status, reorder and remove, as players see at once, each change audited', async () => {
    const added = await call<OperatorDomain>('POST', { host: ' Lotus88-D.example ' });
    expect(added.status).toBe(200);
    expect(added.body.value).toMatchObject({ host: 'lotus88-d.example', status: 'active' });
    const id = added.body.value.id;
    expect((await list()).at(-1)?.host).toBe('lotus88-d.example');
    expect((await publicMirrors()).list).toContain('lotus88-d.example');

    const ids = (await list()).map((d) => d.id);
    const a = ids[0]!;
    const b = ids[1]!;
    expect((await call('PUT', { id: a, status: 'maintenance' })).status).toBe(200);
    expect((await call('PUT', { id: b, status: 'retired' })).status).toBe(200);
    const shown = await publicMirrors();
    expect(shown.domains).toEqual([
      { host: 'lotus88-a.example', status: 'maintenance' },
      { host: 'lotus88-c.example', status: 'active' },
      { host: 'lotus88-d.example', status: 'active' },
    ]);
    expect(shown.list).toEqual(['lotus88-a.example', 'lotus88-c.example', 'lotus88-d.example']);
    // The footer's list names the mirrors players can use now.
    expect(await footerMirrors()).toEqual(['lotus88-c.example', 'lotus88-d.example']);

    // Reorder: the whole list, each mirror once.
    const order = `${URL_}/order`;
    expect((await call('PUT', { ids: [id, a] }, order)).status).toBe(400);
    expect((await call('PUT', { ids: [id, a, a, b] }, order)).status).toBe(400);
    expect((await call('PUT', { ids: [id, a, b, otherBrandMirrorId] }, order)).status).toBe(400);
    expect((await call('PUT', { ids: [] }, order)).status).toBe(400);
    const c = ids[2]!;
    const reordered = await call<{ list: OperatorDomain[] }>('PUT', { ids: [id, c, b, a] }, order);
    expect(reordered.status).toBe(200);
    expect(reordered.body.value.list.map((d) => d.host)).toEqual([
      'lotus88-d.example',
      'lotus88-c.example',
      'lotus88-b.example',
      'lotus88-a.example',
    ]);
    expect((await publicMirrors()).list).toEqual(['lotus88-d.example', 'lotus88-c.example', 'lotus88-a.example']);

    // Rename, then remove.
    const renamed = await call<OperatorDomain>('PUT', { id, host: 'lotus88-e.example' });
    expect(renamed.body.value.host).toBe('lotus88-e.example');
    expect((await call<{ deleted: boolean }>('DELETE', null, `${URL_}?id=${id}`)).body.value.deleted).toBe(true);
    expect((await call<{ deleted: boolean }>('DELETE', null, `${URL_}?id=${id}`)).body.value.deleted).toBe(false);
    expect((await publicMirrors()).list).not.toContain('lotus88-e.example');
    // A retired mirror is hidden from players but stays in the operator's list (and still routes).
    expect((await list()).map((d) => d.host)).toEqual(['lotus88-c.example', 'lotus88-b.example', 'lotus88-a.example']);

    const actions = (await listAudit(t.ctx.db, merchantId)).map((x) => `${x.action}:${x.target}`);
    expect(actions).toContain(`content.domain.create:${id}`);
    expect(actions).toContain(`content.domain.update:${a}`);
    expect(actions).toContain(`content.domain.update:${b}`);
    expect(actions).toContain('content.domain.order:mirrors');
    expect(actions).toContain(`content.domain.delete:${id}`);
    expect(actions.filter((x) => x.startsWith('content.domain.'))).toHaveLength(6);
  });
});
