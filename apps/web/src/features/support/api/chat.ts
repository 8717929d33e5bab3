import { supportRoutes } from '@app/contract/routes/support';
import type { SupportMessage } from '@app/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, type ApiError } from '../../../lib/api/index.ts';
import { setSupportUnread } from '../../../lib/customerService.ts';
import { useSession } from '../../../lib/session/index.ts';

const PAGE = 30;
export const HISTORY_KEY = endpointKey(supportRoutes.history);
export const UNREAD_KEY = endpointKey(supportRoutes.unread);
const useOwner = () => useSession().token?.slice(0, 12) ?? null;

/** GET /wps/v2/support/messages, newest page first; older pages load on demand. */
export const useChatHistory = (enabled: boolean) => {
  const owner = useOwner();
  return useInfiniteQuery({
    queryKey: [...HISTORY_KEY, owner],
    queryFn: ({ pageParam, signal }) =>
      call(supportRoutes.history, {
        query: pageParam ? { before: pageParam, pageSize: PAGE } : { pageSize: PAGE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore && last.list[0] ? last.list[0].id : undefined),
    enabled: enabled && owner !== null,
  });
};

/** GET /wps/v2/support/unread: the badge on every customer-service entry. */
export const useChatUnread = (enabled: boolean) => {
  const owner = useOwner();
  return useQuery({
    queryKey: [...UNREAD_KEY, owner],
    queryFn: async ({ signal }) => {
      const { count } = await call(supportRoutes.unread, { signal });
      setSupportUnread(count);
      return count;
    },
    enabled: enabled && owner !== null,
    staleTime: 60_000,
  });
};

/** POST /wps/v2/support/messages */
export const useSendMessage = () => {
  const qc = useQueryClient();
  return useMutation<SupportMessage, ApiError, string>({
    mutationFn: (body) => call(supportRoutes.send, { body: { body } }),
    onSettled: () => qc.invalidateQueries({ queryKey: HISTORY_KEY }),
  });
};

/** POST /wps/v2/support/read: the member has seen every answer. */
export const useMarkChatRead = () =>
  useMutation<{ unread: number }, ApiError, void>({
    mutationFn: () => call(supportRoutes.read, { body: {} }),
    onSuccess: ({ unread }) => setSupportUnread(unread),
  });
