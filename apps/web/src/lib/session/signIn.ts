import { call } from '../api/client.ts';
import { memberInfoEndpoint } from '../api/sessionEndpoints.ts';
import { setMemberInfo, setSession, type MemberInfo } from './store.ts';

/**
 * After a successful login (spec §4): keep the token, then load member info so the session knows
 * whether this is an agent or a trial account. Member info failing leaves a plain member session.
 */
export const completeSignIn = async (token: string): Promise<MemberInfo | null> => {
  setSession({ token });
  try {
    const info = await call(memberInfoEndpoint);
    setMemberInfo(info);
    return info;
  } catch {
    return null;
  }
};
