import { feedbackEndpoints, type BodyOf } from '@app/contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/index.ts';
import { useWalletQuery } from './keys.ts';

/** GET /wps/v2/feedback — the member's feedback with the answers (issue 20). */
export const useMyFeedback = (page: number) =>
  useWalletQuery(feedbackEndpoints.list, { query: { page, pageSize: 10 } }, { placeholderData: keepPreviousData });

/** POST /wps/v2/feedback — a question type, a description and up to 3 uploaded images. */
export const useSendFeedback = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof feedbackEndpoints.create>) => call(feedbackEndpoints.create, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['GET', feedbackEndpoints.list.path] }),
  });
};
