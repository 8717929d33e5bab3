import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { auth, operatorToken } from '../../../../test/factories/agent.ts';
import { createMerchant } from '../../../../test/factories/merchant.ts';
import { createAgent, sessionFor } from '../../../../test/factories/wallet.ts';
import { createOperator } from '../../operator/service.ts';

let t: TestApp;
let op: string;
let agent: { token: string };
let foreign: { token: string };
const host = 'agents-other.example';

const publish = (payload: Record<string, unknown>, token = op, method: 'POST' | 'PUT' = 'POST') =>
  t.call<{ id: number }>({
    method,
    url: '/wps/operator/agent/announcement',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
const read = (who: { token: string }, lang?: string, h?: string) =>
  t.call<{ list: { title: string; content: string; pinned: boolean }[]; total: number }>({
    method: 'GET',
    url: '/wps/agent/announcements',
    headers: { ...auth(who), ...(lang ? { 'accept-language': lang } : {}), ...(h ? { host: h } : {}) },
  });

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
  const merchantId = await t.ctx.merchants.resolveId('localhost');
  await createOperator(t.ctx.db, {
    merchantId,
    username: 'finance',
    password: 'Admin#2026',
    role: 'finance',
    demo: true,
  });
  const a = await createAgent(t.ctx, { merchantId });
  agent = { token: await sessionFor(t.ctx, a) };
  const other = await createMerchant(t.ctx, { code: 'agann', siteName: 'Other', hosts: [host] });
  const f = await createAgent(t.ctx, { merchantId: other.id });
  foreign = { token: await sessionFor(t.ctx, f) };
});
afterAll(() => t.close());

describe('agent announcements', () => {
  it('operators publish; agents read them in their language, pinned first; other brands see none', async () => {
    await publish({ title: { PT: 'Comissões', EN: 'Commissions' }, content: { PT: 'Novas taxas', EN: 'New rates' } });
    await publish({ title: { PT: 'Manutenção' }, content: { PT: 'Domingo' }, pinned: true });
    await publish({ title: { EN: 'Hidden' }, content: { EN: 'x' }, enabled: false });
    await publish({
      title: { EN: 'Later' },
      content: { EN: 'x' },
      startAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const en = await read(agent, 'en-US,en;q=0.9');
    expect(en.body.value.list.map((a) => [a.title, a.pinned])).toEqual([
      ['Manutenção', true],
      ['Commissions', false],
    ]);
    expect((await read(agent)).body.value.list[1]!.title).toBe('Comissões');
    expect((await read(foreign, undefined, host)).body.value.total).toBe(0);
  });

  it('refuses bad input and non-content operators', async () => {
    const bad = await publish({ title: {}, content: { EN: 'x' } });
    expect([bad.status, Object.keys(bad.body.fields ?? {})]).toEqual([400, ['title']]);
    const ends = await publish({
      title: { EN: 'a' },
      content: { EN: 'b' },
      startAt: '2030-01-02T00:00:00Z',
      endAt: '2030-01-01T00:00:00Z',
    });
    expect(ends.body.fields).toEqual({ endAt: 'The end must be after the start' });
    const finance = await operatorToken(t, 'finance');
    expect((await publish({ title: { EN: 'a' }, content: { EN: 'b' } }, finance)).status).toBe(403);
    const missing = await publish({ id: 9999, title: { EN: 'a' }, content: { EN: 'b' } }, op, 'PUT');
    expect(missing.status).toBe(404);
  });
});
