import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView, ConsolidatedFlags } from '@app/contract';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { DAILY, auth, createMatrixTree, lowerDaily, operatorToken } from '../../../../test/factories/agent.ts';

let t: TestApp;
let tree: Awaited<ReturnType<typeof createMatrixTree>>;
let op: string;
const heard: { channel: string; msg: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  tree = await createMatrixTree(t.ctx);
  op = await operatorToken(t);
  for (const who of ['root', 'parent', 'self', 'child'] as const) {
    const channel = `member:${tree[who].id}`;
    t.ctx.pubsub.subscribe(channel, (msg) => heard.push({ channel, msg: msg as Record<string, unknown> }));
  }
});
afterAll(() => t.close());

type Who = { token: string };
const offer = (who: Who, downlineId: number, terms: unknown, extra: Record<string, unknown> = {}) =>
  t.call<ContractView>({
    method: 'POST',
    url: '/wps/agent/contract/offer',
    headers: auth(who),
    payload: { downlineId, terms, ...extra },
  });
const act = (who: Who, contractId: number, action: string, confirmCascade?: boolean) =>
  t.call<ContractView>({
    method: 'POST',
    url: '/wps/agent/contract/action',
    headers: auth(who),
    payload: { contractId, action, ...(confirmCascade === undefined ? {} : { confirmCascade }) },
  });
const houseOffer = (downlineId: number, terms: unknown) =>
  t.call<ContractView>({
    method: 'POST',
    url: '/wps/operator/agent/contract/offer',
    headers: { authorization: `Bearer ${op}` },
    payload: { downlineId, terms },
  });
const houseAct = (contractId: number, action: string) =>
  t.call<ContractView>({
    method: 'POST',
    url: '/wps/operator/agent/contract/action',
    headers: { authorization: `Bearer ${op}` },
    payload: { contractId, action },
  });
const flags = (who: Who) =>
  t.call<ConsolidatedFlags>({ method: 'GET', url: '/wps/agent/contract/consolidated', headers: auth(who) });
const detail = (who: Who, id: number) =>
  t.call<ContractView & { events: { action: string; actor: string; toStatus: string }[] }>({
    method: 'GET',
    url: `/wps/agent/contract?id=${id}`,
    headers: auth(who),
  });

describe('contract flow over HTTP', () => {
  let rootContract: number;
  let parentContract: number;
  let selfContract: number;
  let childContract: number;

  it('the house offers a top-level agent; the agent accepts; flags and pages follow', async () => {
    expect((await flags(tree.root)).body.value).toMatchObject({
      enabled: true,
      dailysalreqtype: 0,
      pendingRequests: 0,
    });
    const r = await houseOffer(tree.root.id, DAILY);
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      status: 'offered',
      payer: 'house',
      upline: null,
      mySide: 'upline',
      actions: ['withdraw'],
    });
    rootContract = r.body.value.id;
    const f = (await flags(tree.root)).body.value;
    expect(f).toMatchObject({ dailysalreqtype: 1, pendingRequests: 1, pages: { daily: true, hourly: false } });
    const view = (await detail(tree.root, rootContract)).body.value;
    expect(view.mySide).toBe('downline');
    expect(view.actions).toEqual(['accept', 'reject']);
    const a = await act(tree.root, rootContract, 'accept');
    expect(a.body.value).toMatchObject({ status: 'active', actions: ['requestTermination'] });
    expect(a.body.value.activeFrom).not.toBeNull();
    expect((await flags(tree.root)).body.value).toMatchObject({ dailysalreqtype: 2, pendingRequests: 0 });
  });

  it('an agent offers its direct downline at most what it receives', async () => {
    const tooMuch = await offer(tree.root, tree.parent.id, lowerDaily(101));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe('CONTRACT_EXCEEDS_UPLINE');
    expect(tooMuch.body.fields).toEqual({
      'terms.tiers.0.lossSalaryRate': 'Cannot exceed your own rate of 100 at this tier',
    });
    const r = await offer(tree.root, tree.parent.id, DAILY, { note: 'welcome' });
    expect(r.body.value).toMatchObject({
      status: 'offered',
      payer: 'upline',
      upline: { id: tree.root.id },
      note: 'welcome',
    });
    parentContract = r.body.value.id;
    expect((await act(tree.parent, parentContract, 'accept')).body.value.status).toBe('active');
  });

  it('reject and withdraw end an offer; an ended offer takes no answer', async () => {
    const first = (await offer(tree.parent, tree.self.id, lowerDaily(80))).body.value;
    expect((await act(tree.parent, first.id, 'accept')).body.code).toBe('CONTRACT_WRONG_PARTY');
    const rejected = await act(tree.self, first.id, 'reject');
    expect(rejected.body.value).toMatchObject({ status: 'rejected', endReason: 'rejected' });
    expect((await act(tree.self, first.id, 'accept')).body).toMatchObject({
      success: false,
      code: 'CONTRACT_NOT_OFFERED',
    });

    const second = (await offer(tree.parent, tree.self.id, lowerDaily(80))).body.value;
    const dup = await offer(tree.parent, tree.self.id, lowerDaily(70));
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('CONTRACT_OFFER_PENDING');
    expect((await act(tree.self, second.id, 'withdraw')).body.code).toBe('CONTRACT_WRONG_PARTY');
    expect((await act(tree.parent, second.id, 'withdraw')).body.value).toMatchObject({
      status: 'withdrawn',
      endReason: 'withdrawn',
    });
    expect((await act(tree.self, second.id, 'accept')).body.code).toBe('CONTRACT_NOT_OFFERED');

    const third = (await offer(tree.parent, tree.self.id, lowerDaily(80))).body.value;
    selfContract = third.id;
    expect((await act(tree.self, selfContract, 'accept')).body.value.status).toBe('active');
    childContract = (await offer(tree.self, tree.child.id, lowerDaily(80))).body.value.id;
    expect((await act(tree.child, childContract, 'accept')).body.value.status).toBe('active');
  });

  it('lower new terms end the downline contracts above them, only after the agent agrees', async () => {
    const lowered = (await offer(tree.root, tree.parent.id, lowerDaily(60))).body.value;
    expect(lowered.replacesId).toBe(parentContract);
    const ask = await act(tree.parent, lowered.id, 'accept');
    expect(ask.status).toBe(409);
    expect(ask.body.code).toBe('CONTRACT_CASCADE_CONFIRM');
    const affected = (ask.body.value as unknown as { affected: { contractId: number; reason: string }[] }).affected;
    expect(affected.map((a) => [a.contractId, a.reason])).toEqual([
      [selfContract, 'upline_terms_lowered'],
      [childContract, 'upline_contract_ended'],
    ]);
    // Nothing changed while the agent had not agreed.
    expect((await detail(tree.self, selfContract)).body.value.status).toBe('active');
    expect((await detail(tree.parent, parentContract)).body.value.status).toBe('active');

    const ok = await act(tree.parent, lowered.id, 'accept', true);
    expect(ok.body.value.status).toBe('active');
    expect((await detail(tree.parent, parentContract)).body.value).toMatchObject({
      status: 'terminated',
      endReason: 'replaced',
    });
    expect((await detail(tree.self, selfContract)).body.value).toMatchObject({
      status: 'terminated',
      endReason: 'upline_terms_lowered',
    });
    const child = (await detail(tree.child, childContract)).body.value;
    expect(child).toMatchObject({ status: 'terminated', endReason: 'upline_contract_ended' });
    expect(child.events.at(-1)).toMatchObject({ action: 'autoTerminate', actor: 'system', toStatus: 'terminated' });
    parentContract = lowered.id;
    expect((await flags(tree.self)).body.value).toMatchObject({ dailysalreqtype: 0, pages: { daily: true } });
  });

  it('termination: either side asks, the other agrees or declines, the asker may cancel', async () => {
    selfContract = (await offer(tree.parent, tree.self.id, lowerDaily(60))).body.value.id;
    await act(tree.self, selfContract, 'accept');
    expect((await act(tree.parent, selfContract, 'requestTermination')).body.value).toMatchObject({
      status: 'terminating',
      terminationRequestedBy: 'upline',
    });
    expect((await act(tree.parent, selfContract, 'requestTermination')).body.code).toBe(
      'TERMINATION_ALREADY_REQUESTED',
    );
    expect((await act(tree.parent, selfContract, 'agreeTermination')).body.code).toBe('CONTRACT_WRONG_PARTY');
    expect((await flags(tree.self)).body.value).toMatchObject({ dailysalreqtype: 3, pendingRequests: 1 });
    expect((await act(tree.self, selfContract, 'declineTermination')).body.value).toMatchObject({
      status: 'active',
      terminationRequestedBy: null,
    });
    expect((await act(tree.self, selfContract, 'agreeTermination')).body.code).toBe('TERMINATION_NOT_REQUESTED');
    await act(tree.self, selfContract, 'requestTermination');
    expect((await act(tree.parent, selfContract, 'cancelTermination')).body.code).toBe('CONTRACT_WRONG_PARTY');
    expect((await act(tree.self, selfContract, 'cancelTermination')).body.value.status).toBe('active');
    await act(tree.self, selfContract, 'requestTermination');
    expect((await flags(tree.parent)).body.value.pendingRequests).toBe(1);
    const done = await act(tree.parent, selfContract, 'agreeTermination');
    expect(done.body.value).toMatchObject({ status: 'terminated', endReason: 'agreed', actions: [] });
    const events = (await detail(tree.self, selfContract)).body.value.events.map((e) => `${e.actor}:${e.action}`);
    expect(events).toEqual([
      'upline:offer',
      'downline:accept',
      'upline:requestTermination',
      'downline:declineTermination',
      'downline:requestTermination',
      'downline:cancelTermination',
      'downline:requestTermination',
      'upline:agreeTermination',
    ]);
  });

  it('ending your own contract asks you to agree to what it ends below you', async () => {
    selfContract = (await offer(tree.parent, tree.self.id, lowerDaily(60))).body.value.id;
    await act(tree.self, selfContract, 'accept');
    childContract = (await offer(tree.self, tree.child.id, lowerDaily(40))).body.value.id;
    await act(tree.child, childContract, 'accept');
    const ask = await act(tree.self, selfContract, 'requestTermination');
    expect(ask.body.code).toBe('CONTRACT_CASCADE_CONFIRM');
    expect((await act(tree.self, selfContract, 'requestTermination', true)).body.value.status).toBe('terminating');
    const blocked = await offer(tree.self, tree.child.id, lowerDaily(30));
    expect(blocked.body.code).toBe('CONTRACT_TERMINATING');
    await act(tree.parent, selfContract, 'agreeTermination');
    expect((await detail(tree.child, childContract)).body.value).toMatchObject({
      status: 'terminated',
      endReason: 'upline_contract_ended',
    });
  });

  it('the house answers for top-level contracts', async () => {
    expect((await houseAct(rootContract, 'requestTermination')).body.value).toMatchObject({
      status: 'terminating',
      terminationRequestedBy: 'upline',
    });
    expect((await houseAct(rootContract, 'cancelTermination')).body.value.status).toBe('active');
    const notTop = await houseOffer(tree.parent.id, DAILY);
    expect(notTop.body.code).toBe('CONTRACT_NOT_TOP_LEVEL');
  });

  it('refuses offers outside the rules, and changes nothing', async () => {
    const cases: [Who, number, unknown, number, string][] = [
      [tree.self, tree.grandchild.id, DAILY, 403, 'NOT_DIRECT_DOWNLINE'],
      [tree.self, tree.childMember.id, lowerDaily(10), 409, 'CONTRACT_NOT_AGENT'],
      [tree.self, tree.sibling.id, DAILY, 404, 'NOT_FOUND'],
      [tree.self, tree.parent.id, DAILY, 404, 'NOT_FOUND'],
      [tree.self, tree.self.id, DAILY, 404, 'NOT_FOUND'],
      [tree.self, tree.foreign.id, DAILY, 404, 'NOT_FOUND'],
      [tree.self, tree.child.id, { ...DAILY, bonus: 1 }, 400, 'VALIDATION_FAILED'],
      [
        tree.self,
        tree.child.id,
        {
          kind: 'hourly',
          activeThreshold: '0',
          tiers: [{ betAmount: '1', activeMemberCount: 0, profitSalaryRate: 1, lossSalaryRate: 1 }],
        },
        400,
        'CONTRACT_EXCEEDS_UPLINE',
      ],
    ];
    for (const [who, target, terms, status, code] of cases) {
      const r = await offer(who, target, terms);
      expect([r.status, r.body.code]).toEqual([status, code]);
    }
    const member = await t.call({
      method: 'POST',
      url: '/wps/agent/contract/offer',
      headers: auth(tree.childMember),
      payload: { downlineId: tree.grandchild.id, terms: DAILY },
    });
    expect(member.body.code).toBe('NOT_AGENT');
    expect((await act(tree.sibling, parentContract, 'requestTermination')).status).toBe(404);
    expect((await detail(tree.cousin, parentContract)).status).toBe(404);
    const list = await t.call<{ total: number }>({
      method: 'GET',
      url: '/wps/agent/contracts?role=received',
      headers: auth(tree.sibling),
    });
    expect(list.body.value.total).toBe(0);
  });

  it('a brand without dividends refuses dividend offers', async () => {
    const m = (await t.ctx.merchants.brand(tree.merchantId)).merchant;
    await t.ctx.merchants.update(tree.merchantId, { features: { ...m.features, dividendContract: false } });
    const r = await houseOffer(tree.cousin.id, {
      kind: 'dividend',
      periodType: 'W',
      activeThreshold: '0',
      tiers: [{ periodValidBet: '0', periodProfitLoss: '0', activeMemberCount: 0, rate: 1000 }],
    });
    expect([r.status, r.body.code]).toEqual([403, 'CONTRACT_KIND_DISABLED']);
    expect((await flags(tree.root)).body.value.kindsEnabled).not.toContain('dividend');
    await t.ctx.merchants.update(tree.merchantId, { features: m.features });
  });

  it('told both sides of every change with a platform message', async () => {
    const about = (who: 'root' | 'parent' | 'self' | 'child') =>
      heard
        .filter((h) => h.channel === `member:${tree[who].id}` && h.msg.type === 'notification')
        .map((h) => h.msg.notification as { kind: string; params: Record<string, string> })
        .filter((n) => n.kind === 'agent_contract')
        .map((n) => n.params);
    expect(about('root').some((m) => m.event === 'offer' && m.contractId === String(parentContract))).toBe(true);
    expect(about('parent').some((m) => m.event === 'accept' && m.contractId === String(parentContract))).toBe(true);
    expect(about('self').some((m) => m.event === 'upline_terms_lowered')).toBe(true);
    expect(about('child').some((m) => m.event === 'upline_contract_ended')).toBe(true);
    const inbox = await t.call<{ list: { kind: string; params: Record<string, string> }[] }>({
      method: 'GET',
      url: '/wps/v2/messages?pageSize=50',
      headers: auth(tree.child),
    });
    expect(inbox.body.value.list.filter((n) => n.kind === 'agent_contract').length).toBeGreaterThan(0);
  });
});
