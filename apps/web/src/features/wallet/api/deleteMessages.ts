import { messageEndpoints } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useWalletMutation } from './keys.ts';
import { UNREAD_KEY } from './unreadMessages.ts';

/** POST /wps/v2/messages/delete — the member's own copies (issue 20). */
export const useDeleteMessages = () => {
  const queryClient = useQueryClient();
  const m = useWalletMutation(messageEndpoints.remove);
  return {
    ...m,
    mutate: (ids: number[]) =>
      m.mutate({ body: { ids } }, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: UNREAD_KEY }) }),
  };
};
