import { messageRoutes } from '@app/contract/routes/message';
import { useQuery } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';

export const UNREAD_KEY = endpointKey(messageRoutes.unread);

/** Unread platform messages (spec §3 store value unreadMessage); not asked for trial accounts (§4). */
export const useUnreadMessages = () => {
  const { isLoggedIn, isTrial, token } = useSession();
  return useQuery({
    queryKey: [...UNREAD_KEY, token?.slice(0, 12) ?? null],
    queryFn: ({ signal }) => call(messageRoutes.unread, { signal }),
    enabled: isLoggedIn && !isTrial,
    staleTime: 30_000,
  });
};
