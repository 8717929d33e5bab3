import { lotteryOperatorEndpoints, type BodyOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/lottery/periods: official games and their closed periods, undecided first (decision 068). */
export const useLotteryDesk = (gameCode: string | null) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'lottery-draws', gameCode, s?.token],
    queryFn: ({ signal }) =>
      operatorApi.call(lotteryOperatorEndpoints.periods, { query: gameCode ? { gameCode } : {}, signal }),
    enabled: !!s,
    refetchInterval: 15_000,
  });
};

/** POST /wps/operator/lottery/results: enters or corrects an official result (it waits for a second operator). */
export const useEnterResult = () =>
  useDeskMutation((body: BodyOf<typeof lotteryOperatorEndpoints.enterResult>) =>
    operatorApi.call(lotteryOperatorEndpoints.enterResult, { body }),
  );

/** POST /wps/operator/lottery/results/confirm: a second operator confirms; the period settles. */
export const useConfirmResult = () =>
  useDeskMutation((body: BodyOf<typeof lotteryOperatorEndpoints.confirmResult>) =>
    operatorApi.call(lotteryOperatorEndpoints.confirmResult, { body }),
  );

/** POST /wps/operator/lottery/periods/void: every open bet of the period is refunded, once. */
export const useVoidPeriod = () =>
  useDeskMutation((body: BodyOf<typeof lotteryOperatorEndpoints.voidPeriod>) =>
    operatorApi.call(lotteryOperatorEndpoints.voidPeriod, { body }),
  );
