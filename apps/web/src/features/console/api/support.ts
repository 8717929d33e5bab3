import { supportOperatorEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** The customer-service desk's calls (decision 057); every key starts with ['console', 'support']. */
export const SUPPORT_KEY = ['console', 'support'] as const;

/** GET /wps/operator/support/conversations */
export const useSupportConversations = (query: QueryOf<typeof supportOperatorEndpoints.conversations>) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'list', query, s?.token],
    queryFn: ({ signal }) => operatorApi.call(supportOperatorEndpoints.conversations, { query, signal }),
    enabled: !!s,
    placeholderData: keepPreviousData,
  });
};

/** GET /wps/operator/support/thread */
export const useSupportThread = (conversationId: number | null) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'thread', conversationId, s?.token],
    queryFn: ({ signal }) =>
      operatorApi.call(supportOperatorEndpoints.thread, { query: { conversationId: conversationId! }, signal }),
    enabled: !!s && conversationId !== null,
  });
};

/** GET /wps/operator/support/unread: the desk tab's badge (support and admin roles only). */
export const useSupportDeskUnread = (enabled: boolean) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'unread', s?.token],
    queryFn: ({ signal }) => operatorApi.call(supportOperatorEndpoints.unread, { signal }),
    enabled: !!s && enabled,
  });
};

export const useSupportAnswer = () =>
  useDeskMutation((body: { conversationId: number; body: string }) =>
    operatorApi.call(supportOperatorEndpoints.answer, { body }),
  );
export const useSupportClose = () =>
  useDeskMutation((conversationId: number) =>
    operatorApi.call(supportOperatorEndpoints.close, { body: { conversationId } }),
  );
export const useSupportAssign = () =>
  useDeskMutation((conversationId: number) =>
    operatorApi.call(supportOperatorEndpoints.assign, { body: { conversationId } }),
  );
export const useSupportRead = () =>
  useDeskMutation((conversationId: number) =>
    operatorApi.call(supportOperatorEndpoints.read, { body: { conversationId } }),
  );
