export {
  clearSession,
  getSession,
  getToken,
  setMemberInfo,
  setMerchantCode,
  setSession,
  sessionStore,
  useSession,
  TOKEN_STORAGE_KEY,
} from './store.ts';
export type { MemberInfo, SessionInput, SessionState } from './store.ts';
