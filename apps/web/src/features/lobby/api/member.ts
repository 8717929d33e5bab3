import { useSession } from '../../../lib/session/index.ts';

/**
 * A piece of query key naming the logged-in account, so one member's lists never show for the
 * next one in the same tab (logout also clears the cache).
 */
export const useMemberKey = (): { member: string } | null => {
  const { token, memberInfo } = useSession();
  return token ? { member: memberInfo?.id ?? token.slice(0, 12) } : null;
};
