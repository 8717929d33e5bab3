import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberInfo } from './store.ts';
import { clearSession, getSession, setMemberInfo, setMerchantCode, setSession } from './store.ts';

const member = (type: number, extra: Partial<MemberInfo> = {}): MemberInfo =>
  ({ id: '1', account: 'demo01', nickname: null, type, isAgent: false, isTrial: false, ...extra }) as MemberInfo;

beforeEach(() => clearSession());

describe('session store (spec §4)', () => {
  it('is anonymous until a token arrives', () => {
    expect(getSession()).toMatchObject({
      token: null,
      isLoggedIn: false,
      isAgent: false,
      isTrial: false,
      memberInfo: null,
    });
    setSession({ token: 't' });
    expect(getSession()).toMatchObject({ token: 't', isLoggedIn: true });
  });

  it('knows agents and trial accounts by member type', () => {
    setSession({ token: 't' });
    setMemberInfo(member(41));
    expect(getSession()).toMatchObject({ isAgent: true, isTrial: false });
    setMemberInfo(member(4));
    expect(getSession()).toMatchObject({ isAgent: false, isTrial: true });
    setMemberInfo(member(0, { isAgent: true }));
    expect(getSession().isAgent).toBe(true);
  });

  it('holds the VIP label of member info (spec §3 hasVip, vipLabelName)', () => {
    setSession({ token: 't' });
    setMemberInfo(member(0, { vipLabelName: 'Ouro', vipLevel: 3 }));
    expect(getSession()).toMatchObject({ hasVip: true, vipLabelName: 'Ouro' });
    setMemberInfo(member(0, { vipLabelName: null, vipLevel: 0 }));
    expect(getSession()).toMatchObject({ hasVip: false, vipLabelName: null });
  });

  it('uses the login’s flags until member info loads', () => {
    setSession({ token: 't', isAgent: true });
    expect(getSession().isAgent).toBe(true);
    setSession({ token: 'other' });
    expect(getSession().isAgent).toBe(false);
  });

  it('logout clears the member and keeps the merchant code', () => {
    setMerchantCode('lotus');
    setSession({ token: 't', isAgent: true });
    setMemberInfo(member(1));
    clearSession();
    expect(getSession()).toEqual({
      token: null,
      isLoggedIn: false,
      isAgent: false,
      isTrial: false,
      withdrawOnly: false,
      memberInfo: null,
      hasVip: false,
      vipLabelName: null,
      merchantCode: 'lotus',
    });
  });

  it('keeps a withdraw-only session for its token only, and forgets it at logout (issue 24)', () => {
    setSession({ token: 'w', withdrawOnly: true });
    setMemberInfo(member(0));
    expect(getSession().withdrawOnly).toBe(true);
    setSession({ token: 'other' });
    expect(getSession().withdrawOnly).toBe(false);
    clearSession();
    expect(getSession().withdrawOnly).toBe(false);
  });
});
