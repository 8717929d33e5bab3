import { useQuery } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { walletRoutes } from './routes.ts';

export const UNREAD_KEY = endpointKey(walletRoutes.unread);

/** Unread platform messages (spec §3 store value unreadMessage); not asked for trial accounts (§4). */
export const useUnreadMessages = () => {
  const { isLoggedIn, isTrial, token } = useSession();
  return useQuery({
    queryKey: [...UNREAD_KEY, token?.slice(0, 12) ?? null],
    queryFn: ({ signal }) => call(walletRoutes.unread, { signal }),
    enabled: isLoggedIn && !isTrial,
    staleTime: 30_000,
  });
};
