import { feedbackOperatorEndpoints, operatorMessageEndpoints, type BodyOf, type FeedbackStatus } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/messages: the brand's messages, newest first, with read counts (issue 20). */
export const useOperatorMessages = (page: number) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'messages', page, s?.token],
    queryFn: ({ signal }) => operatorApi.call(operatorMessageEndpoints.list, { query: { page, pageSize: 10 }, signal }),
    enabled: !!s,
    placeholderData: keepPreviousData,
    // Scheduled messages turn "sent" and read counts grow while the desk is open.
    refetchInterval: 15_000,
  });
};

/** POST /wps/operator/messages: now, or at sendAt. */
export const useSendMessage = () =>
  useDeskMutation((body: BodyOf<typeof operatorMessageEndpoints.create>) =>
    operatorApi.call(operatorMessageEndpoints.create, { body }),
  );

/** POST /wps/operator/messages/cancel: a message not sent yet. */
export const useCancelMessage = () =>
  useDeskMutation((id: number) => operatorApi.call(operatorMessageEndpoints.cancel, { body: { id } }));

/** GET /wps/operator/feedback: open (pending and answered) by default. */
export const useFeedbackDesk = (status: 'open' | FeedbackStatus, page: number) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'feedback', status, page, s?.token],
    queryFn: ({ signal }) =>
      operatorApi.call(feedbackOperatorEndpoints.list, { query: { status, page, pageSize: 10 }, signal }),
    enabled: !!s,
    placeholderData: keepPreviousData,
  });
};

/** POST /wps/operator/feedback/answer: reply, accept (pays the reward once) or reject. */
export const useAnswerFeedback = () =>
  useDeskMutation((body: BodyOf<typeof feedbackOperatorEndpoints.answer>) =>
    operatorApi.call(feedbackOperatorEndpoints.answer, { body }),
  );

/** GET /wps/operator/feedback/settings: the reward for accepted feedback. */
export const useFeedbackSettings = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'feedback-settings', s?.token],
    queryFn: ({ signal }) => operatorApi.call(feedbackOperatorEndpoints.settings, { signal }),
    enabled: !!s,
  });
};

/** PUT /wps/operator/feedback/settings (finance). */
export const useSaveFeedbackSettings = () =>
  useDeskMutation((reward: string) => operatorApi.call(feedbackOperatorEndpoints.save, { body: { reward } }));
