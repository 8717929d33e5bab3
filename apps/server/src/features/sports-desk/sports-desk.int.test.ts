import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOUSE_SECRET } from '../provider/registry.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import { bearer, operatorToken } from '../../../test/factories/wallet.ts';

/**
 * The sportsbook desk's platform routes (decision 114) against a stand-in for house games'
 * operator API that checks each call's signature with the shared house secret: finance and admin
 * read, only admin changes, every change is audited, bad input never leaves the platform, house
 * games' refusals come back as they are, and house games down is a 503.
 */
type Seen = { method: string; url: string; body: string; signed: boolean };
const seen: Seen[] = [];
let answer: (s: Seen) => { status: number; body: unknown } = () => ({ status: 404, body: {} });

const EVENT = {
  id: 7,
  sport: 'football',
  league: 'BRA',
  leagueName: 'Brasileirão Série A',
  home: 'Flamengo',
  away: 'Palmeiras',
  startsAt: '2026-11-27T20:00:00.000Z',
  state: 'upcoming',
  feedSuspended: false,
  suspended: false,
  voided: false,
  marginBp: 500,
  score: null,
  detail: null,
  resultVersion: 0,
  openBets: 2,
  openStake: '3000',
  worstPayout: '4000',
  markets: [
    {
      market: '1X2',
      kind: '1X2',
      suspended: false,
      voided: false,
      selections: [{ key: '1X2:H', odds: 190 }],
    },
  ],
};

const house = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const ts = String(req.headers['x-provider-timestamp'] ?? '');
    const expected = createHmac('sha256', DEMO_HOUSE_SECRET)
      .update(`${ts}.${req.method} ${req.url}\n${body}`)
      .digest('hex');
    const s: Seen = {
      method: req.method!,
      url: req.url!,
      body,
      signed: req.headers['x-provider-signature'] === expected,
    };
    seen.push(s);
    const a = s.signed
      ? answer(s)
      : { status: 401, body: { success: false, code: 'INVALID_SIGNATURE', message: 'no', value: null } };
    res.writeHead(a.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(a.body));
  });
});

let t: TestApp;
let admin = '';
let finance = '';
let support = '';
beforeAll(async () => {
  await new Promise<void>((r) => house.listen(0, '127.0.0.1', r));
  const port = (house.address() as AddressInfo).port;
  t = await createTestApp({ env: { HOUSE_GAMES_URL: `http://127.0.0.1:${port}` } });
  admin = await operatorToken(t, 'admin');
  finance = await operatorToken(t, 'finance');
  support = await operatorToken(t, 'support');
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => house.close(r));
});

const get = (token: string, url: string) => t.call({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload: object) =>
  t.call({ method: 'POST', url, headers: bearer(token), payload });
const ok = (value: unknown) => ({ status: 200, body: { success: true, value, message: '' } });
const audits = async (action: string) =>
  rowsOf<{ target: string; detail: unknown }>(
    await t.ctx.db.execute(sql`SELECT target, detail FROM operator_audit WHERE action = ${action} ORDER BY id`),
  );

describe('sportsbook desk routes', () => {
  it('finance and admin read events, liability, margins and the report through signed calls; support may not', async () => {
    answer = (s) => {
      if (s.url.startsWith('/api/operator/sports/events?'))
        return ok({
          serverNow: 1,
          counts: [{ sport: 'football', upcoming: 1, live: 0, resulted: 0 }],
          events: [EVENT],
        });
      if (s.url === '/api/operator/sports/events/7/liability')
        return ok({ event: EVENT, openStake: '3000', markets: [] });
      if (s.url === '/api/operator/sports/margins')
        return ok({ defaultBp: 500, sports: [{ sport: 'football', marginBp: 500, own: false }] });
      if (s.url.startsWith('/api/operator/sports/ggr?'))
        return ok({
          from: '2026-11-01',
          to: '2026-11-27',
          timezone: 'UTC',
          list: [{ sport: 'football', stake: '3000', paid: '1000', ggr: '2000', bets: 2 }],
          totals: { stake: '3000', paid: '1000', ggr: '2000', bets: 2 },
        });
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found', value: null } };
    };
    for (const token of [finance, admin]) {
      const events = await get(token, '/wps/operator/sports/events?state=upcoming&sport=football');
      expect(events.status).toBe(200);
      expect((events.body.value as { events: { id: number }[] }).events[0]!.id).toBe(7);
      expect((await get(token, '/wps/operator/sports/liability?event=7')).status).toBe(200);
      expect((await get(token, '/wps/operator/sports/margins')).status).toBe(200);
      const report = await get(token, '/wps/operator/sports/report?from=2026-11-01&to=2026-11-27');
      expect(report.status).toBe(200);
      expect((report.body.value as { totals: { ggr: string } }).totals.ggr).toBe('2000');
    }
    expect(seen.every((s) => s.signed)).toBe(true);
    expect(seen.map((s) => s.url)).toContain('/api/operator/sports/events?state=upcoming&sport=football&limit=50');
    const before = seen.length;
    expect((await get(support, '/wps/operator/sports/events')).status).toBe(403);
    expect((await get(support, '/wps/operator/sports/report?from=2026-11-01&to=2026-11-27')).status).toBe(403);
    expect(seen.length).toBe(before);
  });

  it('only admin changes the book; each change is audited', async () => {
    answer = (s) => {
      if (s.url === '/api/operator/sports/suspend') return ok({ ...EVENT, ...JSON.parse(s.body) });
      if (s.url === '/api/operator/sports/void') return ok({ ...EVENT, voided: true });
      if (s.url === '/api/operator/sports/margins')
        return ok({ defaultBp: 500, sports: [{ sport: 'football', marginBp: 500, own: false }] });
      if (s.url === '/api/operator/sports/events/7') return ok(EVENT);
      if (s.url === '/api/operator/sports/result') return ok({ ...EVENT, state: 'resulted', resultVersion: 2 });
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found', value: null } };
    };
    const suspend = { event: 7, market: '1X2', suspended: true };
    expect((await post(finance, '/wps/operator/sports/suspend', suspend)).status).toBe(403);
    expect((await post(finance, '/wps/operator/sports/void', { event: 7 })).status).toBe(403);
    expect((await post(finance, '/wps/operator/sports/margins', { sport: 'football', marginBp: 600 })).status).toBe(
      403,
    );
    expect((await post(finance, '/wps/operator/sports/result', { event: 7, score: { home: 1, away: 0 } })).status).toBe(
      403,
    );
    expect(await audits('sports.suspend')).toEqual([]);

    const s = await post(admin, '/wps/operator/sports/suspend', suspend);
    expect(s.status).toBe(200);
    expect(JSON.parse(seen.at(-1)!.body)).toEqual(suspend);
    expect((await post(admin, '/wps/operator/sports/void', { event: 7, market: 'OU:2.5' })).status).toBe(200);
    expect((await post(admin, '/wps/operator/sports/margins', { sport: 'football', marginBp: 600 })).status).toBe(200);
    const r = await post(admin, '/wps/operator/sports/result', {
      event: 7,
      score: { home: 2, away: 1 },
      halfTime: { home: 1, away: 1 },
    });
    expect(r.status).toBe(200);
    expect(await audits('sports.suspend')).toEqual([{ target: 'sport_event:7/1X2', detail: suspend }]);
    expect((await audits('sports.void'))[0]!.target).toBe('sport_event:7/OU:2.5');
    expect((await audits('sports.margin'))[0]!.detail).toEqual({ before: 500, after: 600 });
    expect((await audits('sports.result'))[0]!.detail).toMatchObject({
      before: { score: null, version: 0 },
      after: { score: { home: 2, away: 1 }, halfTime: { home: 1, away: 1 }, version: 2 },
    });
  });

  it('bad input is refused before house games is called; house games’ refusals come back as they are', async () => {
    const before = seen.length;
    const bad: [string, string, object | null][] = [
      ['GET', '/wps/operator/sports/events?state=later', null],
      ['GET', '/wps/operator/sports/liability?event=abc', null],
      ['GET', '/wps/operator/sports/report?from=2026-02-30&to=2026-03-01', null],
      ['GET', '/wps/operator/sports/report?from=2026-03-02&to=2026-03-01', null],
      ['POST', '/wps/operator/sports/suspend', { event: 7, market: 'x y', suspended: true }],
      ['POST', '/wps/operator/sports/void', { event: -1 }],
      ['POST', '/wps/operator/sports/margins', { sport: 'curling', marginBp: 100 }],
      ['POST', '/wps/operator/sports/margins', { sport: 'football', marginBp: 9000 }],
      ['POST', '/wps/operator/sports/result', { event: 7, score: { home: -1, away: 0 } }],
    ];
    for (const [method, url, body] of bad) {
      const r = method === 'GET' ? await get(admin, url) : await post(admin, url, body!);
      expect([url, r.status]).toEqual([url, 400]);
    }
    expect(seen.length).toBe(before);
    answer = () => ({
      status: 409,
      body: { success: false, code: 'EVENT_NOT_STARTED', message: 'This event has not started yet', value: null },
    });
    const refused = await post(admin, '/wps/operator/sports/result', { event: 7, score: { home: 1, away: 0 } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'EVENT_NOT_STARTED', message: 'This event has not started yet' });
    expect((await audits('sports.result')).length).toBe(1); // nothing changed: nothing audited
  });

  it('house games down, or refusing our signature, is a 503 and nothing is audited', async () => {
    answer = () => ({ status: 401, body: { success: false, code: 'INVALID_SIGNATURE', message: 'no', value: null } });
    const r = await post(admin, '/wps/operator/sports/void', { event: 7 });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ code: 'VENDOR_MAINTENANCE' });
    await new Promise((done) => house.close(done));
    expect((await get(finance, '/wps/operator/sports/margins')).status).toBe(503);
    expect((await audits('sports.void')).length).toBe(1);
    await new Promise<void>((done) => house.listen(0, '127.0.0.1', done)); // for afterAll's close
  });
});
