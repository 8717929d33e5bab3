import { useEffect } from 'react';
import { useSession } from '../../lib/session/index.ts';

/**
 * Spec §4: with status 0 the app signs in from a token in the URL or the session. Whenever there
 * is a token without member info, load it (the contract, and zod with it, stays out of the first
 * load: the call's module is fetched on demand).
 */
export const useMemberInfoSync = (): void => {
  const { token, memberInfo } = useSession();
  useEffect(() => {
    if (!token || memberInfo) return;
    void import('../../lib/session/signIn.ts').then(({ refreshMemberInfo }) => refreshMemberInfo());
  }, [token, memberInfo]);
};
