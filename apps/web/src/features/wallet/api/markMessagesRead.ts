import { messageEndpoints } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useWalletMutation } from './keys.ts';
import { UNREAD_KEY } from './unreadMessages.ts';

/** POST /wps/v2/messages/read — by ids or all. */
export const useMarkMessagesRead = () => {
  const queryClient = useQueryClient();
  const m = useWalletMutation(messageEndpoints.read);
  return {
    ...m,
    mutate: (ids: number[] | 'all') =>
      m.mutate(
        { body: ids === 'all' ? { all: true } : { ids } },
        { onSuccess: () => void queryClient.invalidateQueries({ queryKey: UNREAD_KEY }) },
      ),
  };
};
