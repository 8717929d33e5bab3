import type { AnnouncementGroups, HelpArticleValue } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithToken, operatorHeaders, type MemberWithToken } from '../../../test/factories/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listAudit } from '../operator/data.ts';
import { createOperator } from '../operator/service.ts';

let t: TestApp;
let admin: Record<string, string>;
let editor: Record<string, string>;
let finance: Record<string, string>;
let member: MemberWithToken;
let merchantId: number;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await t.ctx.merchants.resolveId('localhost');
  await createOperator(t.ctx.db, {
    merchantId,
    username: 'editor',
    password: 'Editor#2026',
    role: 'content',
    demo: true,
  });
  await createOperator(t.ctx.db, {
    merchantId,
    username: 'money',
    password: 'Money#2026',
    role: 'finance',
    demo: true,
  });
  admin = await operatorHeaders(t);
  editor = await operatorHeaders(t, 'editor', 'Editor#2026');
  finance = await operatorHeaders(t, 'money', 'Money#2026');
  member = await memberWithToken(t.ctx);
});
afterAll(() => t.close());

const post = <T>(url: string, payload: object, headers = editor) =>
  t.call<T>({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const announcements = (qs: string, headers: Record<string, string> = {}) =>
  t.call<AnnouncementGroups>({ method: 'GET', url: `/wps/relay/MCSFE_getListAnnouncements?${qs}`, headers });
const hourFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe('operator content API', () => {
  it('is for operators with the content (or admin) role', async () => {
    const body = { groupName: 'w_home', title: { EN: 'x' }, imageUrl: 'banners/x.svg' };
    expect((await t.call({ method: 'POST', url: '/wps/operator/content/banners', payload: body })).status).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/wps/operator/content/banners', payload: body, headers: member.headers }))
        .status,
    ).toBe(401);
    expect((await post('/wps/operator/content/banners', body, finance)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/wps/operator/content/banners', headers: admin })).status).toBe(200);
  });

  it('creates, updates and deletes banners with validation, and audits each change', async () => {
    const created = await post<{ id: number; title: Record<string, string> }>('/wps/operator/content/banners', {
      groupName: 'w_home',
      title: { PT: 'Bônus', EN: 'Bonus' },
      imageUrl: 'banners/home-1.svg',
      linkageType: 'ROUTE',
      linkage: '/rng',
      sort: 2,
    });
    expect(created.status).toBe(200);
    const second = await post<{ id: number }>('/wps/operator/content/banners', {
      groupName: 'w_home',
      title: { EN: 'First' },
      imageUrl: 'https://img.example/a.png',
      sort: 1,
    });
    await post('/wps/operator/content/banners', {
      groupName: 'w_login',
      title: { EN: 'Login' },
      imageUrl: 'banners/login.svg',
    });
    const bad = [
      { groupName: 'w_side', title: { EN: 'x' }, imageUrl: 'a' },
      { groupName: 'w_home', title: {}, imageUrl: 'a' },
      { groupName: 'w_home', title: { EN: 'x' } },
      { groupName: 'w_home', title: { EN: 'x' }, imageUrl: 'a', linkageType: 'POPUP' },
      { groupName: 'w_home', title: { EN: 'x' }, imageUrl: 'a', startTime: hourFromNow(2), endTime: hourFromNow(1) },
      { groupName: 'w_home', title: { EN: 'x' }, imageUrl: 'a', colour: 'red' },
    ];
    for (const b of bad) expect((await post('/wps/operator/content/banners', b)).status, JSON.stringify(b)).toBe(400);
    const list = await t.call<{ list: { id: number }[] }>({
      method: 'GET',
      url: '/wps/operator/content/banners',
      headers: editor,
    });
    expect(list.body.value.list).toHaveLength(3);

    const upd = await t.call<{ sort: number; title: Record<string, string> }>({
      method: 'PUT',
      url: '/wps/operator/content/banners',
      headers: editor,
      payload: { id: created.body.value.id, sort: 0 },
    });
    expect(upd.body.value).toMatchObject({ sort: 0, title: { PT: 'Bônus', EN: 'Bonus' } });
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/wps/operator/content/banners',
          headers: editor,
          payload: { id: 999999, sort: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call({ method: 'PUT', url: '/wps/operator/content/banners', headers: editor, payload: { sort: 1 } }))
        .status,
    ).toBe(400);

    const home = await announcements('types=B&groupName=w_home&language=EN');
    expect(home.body.value.banners.map((b) => b.title)).toEqual(['Bonus', 'First']);
    expect(home.body.value.banners[0]).toMatchObject({
      groupName: 'w_home',
      linkageType: 'ROUTE',
      linkage: '/rng',
      url: 'http://localhost:3000/cdn/banners/home-1.svg',
    });
    expect(home.body.value.banners[1]!.url).toBe('https://img.example/a.png');
    expect((await announcements('types=B')).body.value.banners).toHaveLength(3);

    const del = await t.call<{ deleted: boolean }>({
      method: 'DELETE',
      url: `/wps/operator/content/banners?id=${second.body.value.id}`,
      headers: editor,
    });
    expect(del.body.value.deleted).toBe(true);
    const again = await t.call<{ deleted: boolean }>({
      method: 'DELETE',
      url: `/wps/operator/content/banners?id=${second.body.value.id}`,
      headers: editor,
    });
    expect(again.body.value.deleted).toBe(false);
    const actions = (await listAudit(t.ctx.db, merchantId)).map((a) => a.action);
    expect(actions.filter((a) => a === 'content.banner.create')).toHaveLength(3);
    expect(actions).toContain('content.banner.update');
    expect(actions.filter((a) => a === 'content.banner.delete')).toHaveLength(1);
  });

  it('manages help articles per term and language; a term has one article per language', async () => {
    const mk = (language: string, title: string, term = 'deposit') =>
      post<{ id: number }>('/wps/operator/content/help', {
        term,
        language,
        category: 'help',
        title,
        content: `${title} text`,
      });
    const pt = await mk('PT', 'Como depositar');
    await mk('EN', 'How to deposit');
    await mk('PT', 'Sobre', 'about');
    expect((await mk('PT', 'De novo')).status).toBe(409);
    expect(
      (
        await post('/wps/operator/content/help', {
          term: 'Bad Term',
          language: 'PT',
          category: 'x',
          title: 'x',
          content: 'x',
        })
      ).status,
    ).toBe(400);
    const upd = await t.call({
      method: 'PUT',
      url: '/wps/operator/content/help',
      headers: editor,
      payload: { id: pt.body.value.id, language: 'EN' },
    });
    expect(upd.status).toBe(409);

    const help = (qs: string) =>
      t.call<{ list: HelpArticleValue[] }>({ method: 'GET', url: `/wps/relay/getHelpV2?${qs}` });
    expect((await help('lang=EN&device=WEB')).body.value.list.map((h) => [h.term, h.title])).toEqual([
      ['about', 'Sobre'],
      ['deposit', 'How to deposit'],
    ]);
    expect((await help('lang=PT')).body.value.list.map((h) => h.title)).toEqual(['Sobre', 'Como depositar']);
    expect((await help('lang=ja')).body.value.list.map((h) => h.title)).toEqual(['Sobre', 'How to deposit']);
    expect((await help('')).body.value.list.map((h) => h.title)).toEqual(['Sobre', 'Como depositar']);
    for (const qs of ['device=APP', 'lang=xx', 'term=about']) expect((await help(qs)).status, qs).toBe(400);
  });
});

describe('MCSFE_getListAnnouncements', () => {
  beforeAll(async () => {
    const mk = (payload: Record<string, unknown>) => post('/wps/operator/content/announcements', payload);
    await mk({
      type: 'PL',
      execution: 'B',
      title: { PT: 'Aviso', EN: 'Notice' },
      content: { PT: 'Texto', EN: 'Text' },
      sort: 1,
    });
    await mk({
      type: 'PU',
      execution: 'B',
      title: { EN: 'Popup public' },
      content: { EN: 'x' },
      promotionType: 'NEWBIE',
      sort: 1,
    });
    await mk({ type: 'PU', execution: 'A', title: { EN: 'Popup members' }, content: { EN: 'x' }, sort: 2 });
    await mk({ type: 'PU', execution: 'F', title: { EN: 'Popup first login' }, content: { EN: 'x' }, sort: 3 });
    await mk({
      type: 'PR',
      execution: 'B',
      title: { EN: 'Reload' },
      content: { EN: 'Get 30% back.\n\n- Minimum R$ 50.' },
      promotionType: 'DEPOSIT',
    });
    await mk({ type: 'H', execution: 'B', title: { EN: 'Headline' }, content: { EN: 'Big news' } });
    await mk({ type: 'PL', execution: 'B', title: { EN: 'Later' }, content: { EN: 'x' }, startTime: hourFromNow(1) });
    await mk({
      type: 'PL',
      execution: 'B',
      title: { EN: 'Over' },
      content: { EN: 'x' },
      startTime: hourFromNow(-3),
      endTime: hourFromNow(-1),
    });
    await mk({ type: 'PL', execution: 'B', title: { EN: 'Hidden' }, content: { EN: 'x' }, enabled: false });
    await mk({
      type: 'PL',
      execution: 'B',
      title: { EN: 'Live tables' },
      content: { EN: 'x' },
      gameType: 'LIVE',
      vassalage: 'LVA',
    });
  });

  it('groups the asked types: notices, popup, promotion (id, title) and headlines', async () => {
    const r = await announcements('types=B,PL,PU,PR,H&platform=W&language=EN');
    expect(r.status).toBe(200);
    const v = r.body.value;
    expect(v.notices.map((a) => a.title)).toEqual(['Notice']);
    expect(v.popup.map((a) => [a.title, a.promotionType])).toEqual([['Popup public', 'NEWBIE']]);
    expect(v.promotion).toEqual([
      {
        id: expect.any(Number),
        title: 'Reload',
        promotionType: 'DEPOSIT',
        content: 'Get 30% back.\n\n- Minimum R$ 50.',
      },
    ]);
    expect(v.headlines.map((a) => a.content)).toEqual(['Big news']);
    expect((await announcements('types=PL&language=PT')).body.value.notices[0]!.content).toBe('Texto');
    const only = (await announcements('types=PU')).body.value;
    expect(only.notices).toEqual([]);
    expect(only.banners).toEqual([]);
  });

  it('shows execution A and F items to members only, and filters by execution', async () => {
    const anon = await announcements('types=PU&execution=A,B,F');
    expect(anon.body.value.popup.map((a) => a.title)).toEqual(['Popup public']);
    const mem = await announcements('types=PU', member.headers);
    expect(mem.body.value.popup.map((a) => a.title)).toEqual(['Popup public', 'Popup members', 'Popup first login']);
    const notice = await announcements('types=B,PL,PU,PR&platform=W&execution=B', member.headers);
    expect(notice.body.value.popup.map((a) => a.title)).toEqual(['Popup public']);
    expect((await announcements('types=PU&execution=A')).body.value.popup).toEqual([]);
  });

  it('refuses bad parameters', async () => {
    for (const qs of [
      '',
      'types=',
      'types=B,XX',
      'types=PL&platform=A',
      'types=PL&execution=Z',
      'types=PL&groupName=w_side',
      'types=PL&x=1',
    ]) {
      const r = await announcements(qs);
      expect(r.status, qs).toBe(400);
      expect(r.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('game announcements are those attached to a game type or vendor', async () => {
    const g = (qs: string) =>
      t.call<{ list: { title: string }[] }>({ method: 'GET', url: `/wps/relay/GCSGAME_gameAnnouncements?${qs}` });
    expect((await g('gameType=LIVE&vassalage=LVA&language=EN')).body.value.list.map((a) => a.title)).toEqual([
      'Live tables',
    ]);
    expect((await g('gameType=RNG')).body.value.list).toEqual([]);
    expect((await g('gameType=NOPE')).status).toBe(400);
  });

  it('updates keep a valid window and audit the change', async () => {
    const list = await t.call<{ list: { id: number; title: Record<string, string> }[] }>({
      method: 'GET',
      url: '/wps/operator/content/announcements',
      headers: editor,
    });
    const notice = list.body.value.list.find((a) => a.title.EN === 'Notice')!;
    const bad = await t.call({
      method: 'PUT',
      url: '/wps/operator/content/announcements',
      headers: editor,
      payload: { id: notice.id, endTime: hourFromNow(-48) },
    });
    expect(bad.status).toBe(400);
    const ok = await t.call({
      method: 'PUT',
      url: '/wps/operator/content/announcements',
      headers: editor,
      payload: { id: notice.id, title: { EN: 'Notice!' } },
    });
    expect(ok.status).toBe(200);
    expect((await announcements('types=PL&language=EN')).body.value.notices.map((a) => a.title)).toEqual(['Notice!']);
    expect(
      (await listAudit(t.ctx.db, merchantId)).some(
        (a) => a.action === 'content.announcement.update' && a.target === `announcement:${notice.id}`,
      ),
    ).toBe(true);
  });
});

describe('resources, customer service and mirrors', () => {
  it('come from the brand', async () => {
    const res = await t.call<{ list: { resourceType: string; key: string }[] }>({
      method: 'GET',
      url: '/wps/relay/MCSFE_getResources?resourceType=SOCIAL',
    });
    expect(res.body.value.list.map((r) => r.key)).toEqual(
      expect.arrayContaining(['FACEBOOK', 'Telegram', 'INSTAGRAM']),
    );
    expect(
      (await t.call<{ list: unknown[] }>({ method: 'GET', url: '/wps/relay/MCSFE_getResources?resourceType=NONE' }))
        .body.value.list,
    ).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/wps/relay/MCSFE_getResources?resourceType=a%20b' })).status).toBe(400);
    const cs = await t.call<{ list: { csType: string }[] }>({
      method: 'GET',
      url: '/wps/relay/MCSFE_getCustomerService',
    });
    expect(cs.body.value.list.length).toBeGreaterThan(0);
    const mirrors = await t.call<{ list: string[] }>({ method: 'GET', url: '/wps/relay/MCSFE_getMirrorDomains' });
    expect(mirrors.body.value.list.length).toBeGreaterThan(0);
  });
});
