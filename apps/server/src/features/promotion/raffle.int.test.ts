import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorPromotion, PromotionEntry, RaffleDraw } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import { bearer, createMember, operatorToken, sessionFor, type TestMember } from '../../../test/factories/wallet.ts';

/**
 * Spec §7's raffle promotion claim (decision 089), through HTTP into a real database: a drop is
 * drawn from the CSPRNG within its range and paid at once through the wallet, once per member per
 * drop however many claims race, and the member sees their past draws.
 */

let t: TestApp;
let admin: string;
let content: string;

const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

interface Player {
  m: TestMember;
  token: string;
}
const newPlayer = async (): Promise<Player> => {
  const m = await createMember(t.ctx, { payeeName: `Payee ${Math.random().toString(36).slice(2, 10)}` });
  return { m, token: await sessionFor(t.ctx, m) };
};
const balance = async (p: Player) => (await t.ctx.wallet.balance(p.m.merchantId, p.m.id)).balance;

const texts = {
  EN: { title: 'Red envelope', description: 'Open one a day.', terms: 'Rules.' },
  PT: { title: 'Envelope vermelho', description: 'Abra um por dia.', terms: 'Regras.' },
};
const promotion = async (body: Record<string, unknown>) => {
  const r = await t.call<OperatorPromotion>({
    method: 'POST',
    url: '/wps/operator/promotions',
    headers: bearer(content),
    payload: { type: 'SPECIAL_OFFER', texts, startsAt: iso(-HOUR), endsAt: iso(HOUR), ...body },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.value;
};
const draw = (p: Player, promotionId: unknown, language = 'EN') =>
  t.call<{ draw: RaffleDraw; balance: string }>({
    method: 'POST',
    url: '/wps/v2/promotions/raffle/claim',
    headers: { ...bearer(p.token), 'user-agent': `agent-${p.m.id}` },
    payload: { promotionId, language },
  });
const draws = (p: Player, query = '') =>
  t.call<{ list: RaffleDraw[] }>({
    method: 'GET',
    url: `/wps/v2/promotions/raffle/draws?language=EN${query}`,
    headers: bearer(p.token),
  });
const ledger = async (promotionId: number) =>
  rowsOf<{ key: string; kind: string }>(
    await t.ctx.db.execute(sql`SELECT idempotency_key AS key, kind FROM ledger_transactions
      WHERE idempotency_key IN (SELECT 'promo:' || id FROM promotion_entries WHERE promotion_id = ${promotionId})`),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorToken(t, 'admin');
  content = await operatorToken(t, 'content');
});
afterAll(() => t.close());

describe('raffle promotion claim', () => {
  it('draws within the range, pays through the wallet at once, and 20 concurrent draws pay once', async () => {
    const drop = await promotion({ trigger: 'drop', formula: 'random', randomMin: '100', randomMax: '888' });
    const p = await newPlayer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => draw(p, drop.id)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'ALREADY_DRAWN')).toHaveLength(19);
    const { draw: d, balance: after } = won[0]!.body.value;
    const amount = BigInt(d.amount);
    expect(amount >= 100n && amount <= 888n).toBe(true);
    expect([d.randomMin, d.randomMax, d.status, d.title]).toEqual(['100', '888', 'claimed', 'Red envelope']);
    expect(d.paidAt).not.toBeNull();
    expect(after).toBe(String(amount));
    expect(await balance(p)).toBe(amount);
    // One ledger movement, keyed by the entry, of the bonus kind.
    expect(await ledger(drop.id)).toEqual([{ key: `promo:${d.entryId}`, kind: 'promotion' }]);
    // The draw is auditable: its amount is on the claim event.
    const events = rowsOf<{ reason: string; to_status: string }>(
      await t.ctx.db.execute(
        sql`SELECT reason, to_status FROM promotion_events WHERE entry_id = ${d.entryId} ORDER BY id`,
      ),
    );
    expect(events.map((e) => e.to_status)).toEqual(['claim', 'claimed']);
    expect(events[0]!.reason).toBe(`drew ${amount}`);

    // Past draws: this one, in the asked language, and the list shows it as claimed.
    const mine = await draws(p);
    expect(mine.status).toBe(200);
    expect(mine.body.value.list).toEqual([d]);
    expect((await draws(p, `&promotionId=${drop.id + 1000}`)).body.value.list).toEqual([]);
  });

  it('different members draw different amounts from one drop (a CSPRNG, not a constant)', async () => {
    const drop = await promotion({ trigger: 'drop', formula: 'random', randomMin: '1', randomMax: '1000000' });
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const r = await draw(await newPlayer(), drop.id);
      expect(r.status).toBe(200);
      seen.add(r.body.value.draw.amount);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('a drop joined earlier by claim mode pays what was drawn then, never a new draw', async () => {
    const drop = await promotion({ trigger: 'drop', formula: 'random', randomMin: '10', randomMax: '99999' });
    const p = await newPlayer();
    const joined = await t.call<PromotionEntry>({
      method: 'POST',
      url: '/wps/v2/promotions/join',
      headers: bearer(p.token),
      payload: { promotionId: drop.id, language: 'EN' },
    });
    expect([joined.status, joined.body.value.status]).toEqual([200, 'claim']);
    expect(await balance(p)).toBe(0n);
    const r = await draw(p, drop.id);
    expect(r.status).toBe(200);
    expect(r.body.value.draw.amount).toBe(joined.body.value.amount);
    expect(await balance(p)).toBe(BigInt(joined.body.value.amount));
    expect((await draw(p, drop.id)).body.code).toBe('ALREADY_DRAWN');
  });

  it('a daily drop, a fixed drop and wagering: the draw carries the promotion’s rules', async () => {
    const drop = await promotion({
      trigger: 'drop',
      formula: 'fixed',
      amount: '250',
      limit: 'daily',
      wageringMultiple: 2,
    });
    const p = await newPlayer();
    const r = await draw(p, drop.id);
    expect(r.status).toBe(200);
    const d = r.body.value.draw;
    expect([d.amount, d.randomMin, d.randomMax, d.wageringRequired, d.status]).toEqual([
      '250',
      '250',
      '250',
      '500',
      'process',
    ]);
    expect(d.period).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const again = await draw(p, drop.id);
    expect([again.status, again.body.code, again.body.message]).toEqual([
      409,
      'ALREADY_DRAWN',
      'You drew this one today already',
    ]);
  });

  it('refuses what is not a live drop, and bad input, with a 4xx and nothing paid', async () => {
    const p = await newPlayer();
    const manual = await promotion({ trigger: 'manual', formula: 'fixed', amount: '100' });
    expect([(await draw(p, manual.id)).status, (await draw(p, manual.id)).body.code]).toEqual([409, 'NOT_A_DRAW']);
    const later = await promotion({
      trigger: 'drop',
      formula: 'fixed',
      amount: '100',
      startsAt: iso(HOUR),
      endsAt: iso(2 * HOUR),
    });
    expect((await draw(p, later.id)).body.code).toBe('PROMOTION_NOT_LIVE');
    const ended = await promotion({ trigger: 'drop', formula: 'fixed', amount: '100' });
    await t.call({
      method: 'POST',
      url: '/wps/operator/promotions/end',
      headers: bearer(admin),
      payload: { id: ended.id, reason: 'over' },
    });
    expect((await draw(p, ended.id)).body.code).toBe('PROMOTION_NOT_LIVE');
    expect((await draw(p, 99_999_999)).status).toBe(404);
    for (const bad of ['x', -1, 0, 1.5, null]) expect((await draw(p, bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await draw(p, manual.id, 'XX')).status).toBe(400);
    const visitor = await t.call({
      method: 'POST',
      url: '/wps/v2/promotions/raffle/claim',
      payload: { promotionId: manual.id },
    });
    expect(visitor.status).toBe(401);
    expect((await draws(p, '&promotionId=abc')).status).toBe(400);
    expect(await balance(p)).toBe(0n);
    expect((await draws(p)).body.value.list).toEqual([]);
  });
});
