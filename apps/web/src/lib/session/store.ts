import type { MemberInfoValue } from '@app/contract';
import { isAgentType, isTrialType } from '../contractConstants.ts';
import { createStore, useStore } from '../createStore.ts';
import { readJson, readStorage, writeJson, writeStorage } from '../storage.ts';

/** What GET /wps/member/info returns (spec §3); loaded after login. */
export type MemberInfo = MemberInfoValue;

export interface SessionState {
  token: string | null;
  isLoggedIn: boolean;
  isAgent: boolean;
  isTrial: boolean;
  /** A self-excluded player's session: the wallet and the withdrawal only (issue 24). */
  withdrawOnly: boolean;
  memberInfo: MemberInfo | null;
  /** Spec §3 store values: the member has a VIP level, and its label on the avatar (decision 074). */
  hasVip: boolean;
  vipLabelName: string | null;
  /** Merchant the visitor belongs to; survives logout (spec §4). */
  merchantCode: string | null;
}

/** Spec §4: the session token lives in session storage, so it ends with the tab. */
export const TOKEN_STORAGE_KEY = 'token';
const FLAGS_STORAGE_KEY = 'session.flags';
const MEMBER_STORAGE_KEY = 'session.member';
const MERCHANT_STORAGE_KEY = 'merchantCode';

interface StoredFlags {
  isAgent: boolean;
  isTrial: boolean;
  withdrawOnly?: boolean;
}

const derive = (
  token: string | null,
  memberInfo: MemberInfo | null,
  flags: StoredFlags | null,
  merchantCode: string | null,
): SessionState => ({
  token,
  isLoggedIn: token !== null,
  isAgent:
    token !== null && (memberInfo ? memberInfo.isAgent || isAgentType(memberInfo.type) : (flags?.isAgent ?? false)),
  isTrial:
    token !== null && (memberInfo ? memberInfo.isTrial || isTrialType(memberInfo.type) : (flags?.isTrial ?? false)),
  withdrawOnly: token !== null && (flags?.withdrawOnly ?? false),
  memberInfo: token !== null ? memberInfo : null,
  hasVip: token !== null && !!memberInfo?.vipLabelName,
  vipLabelName: token !== null ? (memberInfo?.vipLabelName ?? null) : null,
  merchantCode,
});

const restore = (): SessionState => {
  const token = readStorage('session', TOKEN_STORAGE_KEY) || null;
  return derive(
    token,
    readJson<MemberInfo>('session', MEMBER_STORAGE_KEY),
    readJson<StoredFlags>('session', FLAGS_STORAGE_KEY),
    readStorage('session', MERCHANT_STORAGE_KEY),
  );
};

export const sessionStore = createStore<SessionState>(restore());

const persist = (state: SessionState): void => {
  writeStorage('session', TOKEN_STORAGE_KEY, state.token);
  writeJson('session', MEMBER_STORAGE_KEY, state.memberInfo);
  writeJson(
    'session',
    FLAGS_STORAGE_KEY,
    state.token ? { isAgent: state.isAgent, isTrial: state.isTrial, withdrawOnly: state.withdrawOnly } : null,
  );
  writeStorage('session', MERCHANT_STORAGE_KEY, state.merchantCode);
};

export interface SessionInput {
  token: string;
  memberInfo?: MemberInfo | null;
  isAgent?: boolean;
  isTrial?: boolean;
  withdrawOnly?: boolean;
}

/** Anonymous → logged in (or a refreshed member info for the same token). */
export const setSession = (input: SessionInput): void => {
  const prev = sessionStore.get();
  const sameToken = prev.token === input.token;
  const memberInfo = input.memberInfo !== undefined ? input.memberInfo : sameToken ? prev.memberInfo : null;
  const flags: StoredFlags = {
    isAgent: input.isAgent ?? (sameToken ? prev.isAgent : false),
    isTrial: input.isTrial ?? (sameToken ? prev.isTrial : false),
    withdrawOnly: input.withdrawOnly ?? (sameToken ? prev.withdrawOnly : false),
  };
  const next = derive(input.token, memberInfo, flags, prev.merchantCode);
  persist(next);
  sessionStore.set(next);
};

export const setMemberInfo = (memberInfo: MemberInfo | null): void => {
  const { token } = sessionStore.get();
  if (token) setSession({ token, memberInfo });
};

/** Logout: forget everything about the member, keep the merchant code (spec §4). */
export const clearSession = (): void => {
  const next = derive(null, null, null, sessionStore.get().merchantCode);
  persist(next);
  sessionStore.set(next);
};

export const setMerchantCode = (merchantCode: string): void => {
  const prev = sessionStore.get();
  if (prev.merchantCode === merchantCode) return;
  const next = { ...prev, merchantCode };
  persist(next);
  sessionStore.set(next);
};

export const getSession = (): SessionState => sessionStore.get();
export const getToken = (): string | null => sessionStore.get().token;

/** The whole session; the object identity changes only when the session does. */
export const useSession = (): SessionState => useStore(sessionStore);
