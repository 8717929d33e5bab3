import type { MemberPage } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY } from '../../../test/factories/agent.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  bearer,
  createAgent,
  createMember,
  createTree,
  operatorToken,
  type TestMember,
} from '../../../test/factories/wallet.ts';

/**
 * Changing an account's type and moving an account with its team (issue 21, decision 079): the
 * agents' type rules, cycles, unknown uplines, the tree paths of the whole team, the team figures
 * (history stays, today follows), the contracts with the old upline, the audit entry, the roles,
 * and two opposite moves at once.
 */
let t: TestApp;
const tokens: Record<'admin' | 'finance' | 'support' | 'content', string> = {
  admin: '',
  finance: '',
  support: '',
  content: '',
};

const get = <T>(token: string, url: string) => t.call<T>({ method: 'GET', url, headers: bearer(token) });
const post = <T>(token: string, url: string, payload: object) =>
  t.call<T>({ method: 'POST', url, headers: bearer(token), payload });
const exec = async <T>(q: ReturnType<typeof sql>) => (await t.ctx.db.execute(q)) as unknown as { rows: T[] };
const changeType = (role: keyof typeof tokens, m: { id: number }, type: number, reason = 'Promoted by the desk') =>
  post<MemberPage>(tokens[role], '/wps/operator/members/type', { memberId: m.id, reason, type });
const move = (role: keyof typeof tokens, m: { id: number }, upline: string, reason = 'Team reorganised') =>
  post<MemberPage>(tokens[role], '/wps/operator/members/move', { memberId: m.id, reason, upline });
const node = async (id: number) =>
  (
    await exec<{ tree_path: string; depth: number; upline_id: number | null; type: number }>(
      sql`SELECT tree_path, depth, upline_id, type FROM members WHERE id = ${id}`,
    )
  ).rows[0]!;
const auditOf = async (id: number) =>
  (
    await exec<{ action: string; detail: Record<string, unknown> }>(
      sql`SELECT action, detail FROM operator_audit WHERE target = ${`member:${id}`} ORDER BY id`,
    )
  ).rows;
const contract = async (uplineId: number | null, downlineId: number, status = 'active') =>
  (
    await exec<{ id: number }>(
      sql`INSERT INTO agent_contracts (merchant_id, kind, upline_id, downline_id, payer, terms, status, active_from)
          SELECT merchant_id, 'daily', ${uplineId}::int, id, ${uplineId === null ? 'house' : 'upline'},
                 ${JSON.stringify(DAILY)}::jsonb, ${status}, CASE WHEN ${status} = 'offered' THEN NULL ELSE now() END
            FROM members WHERE id = ${downlineId} RETURNING id`,
    )
  ).rows[0]!.id;
const contractState = async (id: number) =>
  (
    await exec<{ status: string; end_reason: string | null }>(
      sql`SELECT status, end_reason FROM agent_contracts WHERE id = ${id}`,
    )
  ).rows[0]!;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'finance', 'support', 'content'] as const) tokens[role] = await operatorToken(t, role);
});
afterAll(() => t.close());

describe('changing an account type', () => {
  it('makes a member an agent and back, audited with before and after', async () => {
    const top = await createAgent(t.ctx);
    const m = await createMember(t.ctx, { uplineId: top.id });
    const res = await changeType('finance', m, 2, 'Runs a team now');
    expect(res.status).toBe(200);
    expect(res.body.value.profile.type).toBe(2);
    expect((await changeType('admin', m, 0, 'Stopped running a team')).body.value.profile.type).toBe(0);
    expect(await auditOf(m.id)).toEqual([
      { action: 'member.type', detail: { reason: 'Runs a team now', before: { type: 0 }, after: { type: 2 } } },
      { action: 'member.type', detail: { reason: 'Stopped running a team', before: { type: 2 }, after: { type: 0 } } },
    ]);
  });

  it('follows the agent type rules and refuses what does not fit with a 4xx that changes nothing', async () => {
    const type2 = await createAgent(t.ctx, { type: 2 });
    const under2 = await createMember(t.ctx, { uplineId: type2.id });
    // Under an agent of type 2 only members and agents of type 2.
    expect((await changeType('finance', under2, 1)).status).toBe(409);
    expect((await changeType('finance', under2, 41)).status).toBe(409);
    // An agent with a team cannot become a member, nor a type its downlines may not be under.
    const a41 = await createAgent(t.ctx, { type: 41 });
    await createAgent(t.ctx, { type: 42, uplineId: a41.id });
    expect((await changeType('finance', a41, 0)).body.code).toBe('HAS_TEAM');
    expect((await changeType('finance', a41, 1)).status).toBe(409);
    // An agent with an open contract cannot become a member.
    const lone = await createAgent(t.ctx);
    await contract(null, lone.id);
    expect((await changeType('finance', lone, 0)).body.code).toBe('HAS_CONTRACTS');
    // Same type, a trial account, a type that does not exist, an unknown account.
    expect((await changeType('finance', under2, 0)).status).toBe(409);
    const trial = await createMember(t.ctx, { type: 4 });
    expect((await changeType('finance', trial, 1)).status).toBe(400);
    expect((await changeType('finance', under2, 3)).status).toBe(400);
    expect((await changeType('finance', under2, 4)).status).toBe(400);
    expect((await changeType('finance', { id: 99_999_999 }, 1)).status).toBe(404);
    expect((await post(tokens.finance, '/wps/operator/members/type', { memberId: under2.id, type: 2 })).status).toBe(
      400,
    );
    expect((await changeType('finance', under2, 2, 'no')).status).toBe(400);
    expect((await node(under2.id)).type).toBe(0);
    expect((await node(a41.id)).type).toBe(41);
    expect(await auditOf(under2.id)).toEqual([]);
  });
});

describe('moving an account with its team', () => {
  it('moves the whole team: paths and depths, figures from today on, contracts with the old upline', async () => {
    const tree = await createTree(t.ctx);
    const { top, agentA, agentB, memberA1 } = tree;
    const subAgent = await createAgent(t.ctx, { uplineId: agentA.id });
    const subMember = await createMember(t.ctx, { uplineId: subAgent.id });
    const fromTop = await contract(top.id, agentA.id);
    const toSub = await contract(agentA.id, subAgent.id);
    // A figure for yesterday and one for today, rolled up under the old place.
    await t.ctx.db.execute(sql`
      INSERT INTO member_daily_stats (member_id, day, merchant_id, tree_path, upline_id, rounds, bet, valid_bet, win)
      SELECT m.id, d.day, m.merchant_id, m.tree_path, m.upline_id, 1, 500, 500, 100
        FROM members m JOIN merchants b ON b.id = m.merchant_id,
             LATERAL (VALUES ((now() AT TIME ZONE b.timezone)::date - 1), ((now() AT TIME ZONE b.timezone)::date)) d(day)
       WHERE m.id = ${memberA1.id}`);
    const before = await node(memberA1.id);

    const res = await move('finance', agentA, agentB.username, 'Team joins B');
    expect(res.status).toBe(200);
    expect(res.body.value.uplines.map((u) => u.id)).toEqual([top.id, agentB.id]);

    const a = await node(agentA.id);
    expect(a).toMatchObject({ upline_id: agentB.id, tree_path: `/${top.id}/${agentB.id}/${agentA.id}/`, depth: 2 });
    expect(await node(memberA1.id)).toMatchObject({
      upline_id: agentA.id,
      tree_path: `/${top.id}/${agentB.id}/${agentA.id}/${memberA1.id}/`,
      depth: 3,
    });
    expect(await node(subMember.id)).toMatchObject({
      tree_path: `/${top.id}/${agentB.id}/${agentA.id}/${subAgent.id}/${subMember.id}/`,
      depth: 4,
    });
    const figures = await exec<{ today: boolean; tree_path: string }>(sql`
      SELECT s.day = (now() AT TIME ZONE b.timezone)::date AS today, s.tree_path
        FROM member_daily_stats s JOIN merchants b ON b.id = s.merchant_id
       WHERE s.member_id = ${memberA1.id} ORDER BY s.day`);
    expect(figures.rows).toEqual([
      { today: false, tree_path: before.tree_path },
      { today: true, tree_path: `/${top.id}/${agentB.id}/${agentA.id}/${memberA1.id}/` },
    ]);
    // B's team now holds A's; the contract with the old upline ended, the one inside the team stays.
    expect(await contractState(fromTop)).toEqual({ status: 'terminated', end_reason: 'upline_changed' });
    expect(await contractState(toSub)).toEqual({ status: 'active', end_reason: null });
    const events = await exec<{ action: string; actor: string }>(
      sql`SELECT action, actor FROM agent_contract_events WHERE contract_id = ${fromTop}`,
    );
    expect(events.rows).toEqual([{ action: 'autoTerminate', actor: 'system' }]);
    expect(await auditOf(agentA.id)).toEqual([
      {
        action: 'member.move',
        detail: {
          reason: 'Team joins B',
          before: { upline: top.username, uplineId: top.id },
          after: { upline: agentB.username, uplineId: agentB.id },
          moved: 5,
          contractsEnded: [fromTop],
        },
      },
    ]);
  });

  it('withdraws an open offer from the old upline and moves a top-level agent under another', async () => {
    const lone = await createAgent(t.ctx);
    const other = await createAgent(t.ctx);
    const offer = await contract(null, lone.id, 'offered');
    const res = await move('admin', lone, other.username.toUpperCase());
    expect(res.status).toBe(200);
    expect(await node(lone.id)).toMatchObject({ upline_id: other.id, tree_path: `/${other.id}/${lone.id}/`, depth: 1 });
    expect(await contractState(offer)).toEqual({ status: 'withdrawn', end_reason: 'upline_changed' });
  });

  it('refuses cycles, unknown uplines, members as uplines, the same upline and types that do not fit', async () => {
    const { top, agentA, agentB, memberA1, memberB1 } = await createTree(t.ctx);
    const snapshot = async () => Promise.all([top, agentA, agentB, memberA1, memberB1].map((m) => node(m.id)));
    const was = await snapshot();
    const refusals: [TestMember, string, number, string][] = [
      [top, agentA.username, 409, 'MOVE_CYCLE'],
      [agentA, agentA.username, 409, 'MOVE_CYCLE'],
      [top, memberA1.username, 409, 'MOVE_CYCLE'],
      [agentA, 'nobody-at-all', 404, 'UPLINE_NOT_FOUND'],
      [memberA1, memberB1.username, 409, 'UPLINE_NOT_AGENT'],
      [memberA1, agentA.username, 409, 'SAME_UPLINE'],
    ];
    for (const [m, upline, status, code] of refusals) {
      const res = await move('finance', m, upline);
      expect(res.status, `${m.username} under ${upline}`).toBe(status);
      expect(res.body.code).toBe(code);
    }
    const type2 = await createAgent(t.ctx, { type: 2 });
    expect((await move('finance', agentA, type2.username)).body.code).toBe('TYPE_NOT_ALLOWED');
    const a41 = await createAgent(t.ctx, { type: 41 });
    expect((await move('finance', agentA, a41.username)).body.code).toBe('TYPE_NOT_ALLOWED');
    const frozen = await createAgent(t.ctx, { status: 'frozen' });
    expect((await move('finance', memberA1, frozen.username)).body.code).toBe('UPLINE_NOT_ACTIVE');
    const trial = await createMember(t.ctx, { type: 4 });
    expect((await move('finance', trial, agentB.username)).status).toBe(400);
    expect((await move('finance', { id: 99_999_999 }, agentB.username)).status).toBe(404);
    expect((await move('finance', memberA1, '')).status).toBe(400);
    expect((await snapshot()).map((n) => n.tree_path)).toEqual(was.map((n) => n.tree_path));
    expect(await auditOf(agentA.id)).toEqual([]);
  });

  it('two opposite moves at once: one wins, the other is a cycle, the tree stays a tree', async () => {
    const parent = await createAgent(t.ctx);
    const x = await createAgent(t.ctx, { uplineId: parent.id });
    const y = await createAgent(t.ctx, { uplineId: parent.id });
    const [r1, r2] = await Promise.all([move('finance', x, y.username), move('finance', y, x.username)]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect([r1.body.code, r2.body.code]).toContain('MOVE_CYCLE');
    const nx = await node(x.id);
    const ny = await node(y.id);
    const xUnderY = r1.status === 200;
    const [under, over] = xUnderY ? [nx, ny] : [ny, nx];
    const [underId, overId] = xUnderY ? [x.id, y.id] : [y.id, x.id];
    expect(over).toMatchObject({ upline_id: parent.id, tree_path: `/${parent.id}/${overId}/` });
    expect(under).toMatchObject({ upline_id: overId, tree_path: `/${parent.id}/${overId}/${underId}/` });
  });
});

describe('who may change the tree', () => {
  it('refuses type changes and moves to support and content (403, nothing changes)', async () => {
    const { agentA, agentB, memberA1 } = await createTree(t.ctx);
    for (const role of ['support', 'content'] as const) {
      expect((await changeType(role, memberA1, 1)).status, `${role} type`).toBe(403);
      expect((await move(role, memberA1, agentB.username)).status, `${role} move`).toBe(403);
    }
    expect(await node(memberA1.id)).toMatchObject({ type: 0, upline_id: agentA.id });
    expect((await get(tokens.support, `/wps/operator/members/detail?id=${memberA1.id}`)).status).toBe(200);
  });
});
