import { memberEndpoints } from '@app/contract';
import { call } from '../api/member.ts';
import { setMemberInfo, setSession, type MemberInfo } from './store.ts';

export interface SignInFlags {
  isAgent: boolean;
  isTrial: boolean;
}

/**
 * After a successful login (spec §4): keep the token with what the login said about the account,
 * then load member info. Member info failing leaves the session as the login described it.
 */
export const completeSignIn = async (token: string, flags: SignInFlags): Promise<MemberInfo | null> => {
  setSession({ token, isAgent: flags.isAgent, isTrial: flags.isTrial });
  try {
    const info = await call(memberEndpoints.info);
    setMemberInfo(info);
    return info;
  } catch {
    return null;
  }
};

let pending: Promise<MemberInfo | null> | null = null;

/**
 * Member info for a session that began elsewhere (a `?token=` link, a reload): loaded once,
 * shared by everyone who asks while it is on its way.
 */
export const refreshMemberInfo = (): Promise<MemberInfo | null> => {
  pending ??= call(memberEndpoints.info)
    .then((info) => {
      setMemberInfo(info);
      return info;
    })
    .catch(() => null)
    .finally(() => {
      pending = null;
    });
  return pending;
};
