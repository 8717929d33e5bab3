import { lotteryEndpoints, lotteryOperatorEndpoints, type BodyOf } from '@app/contract';
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

/** GET /lotto/lgw/games: every lottery game (the exposure view's choice). */
export const useLotteryGames = () =>
  useQuery({
    queryKey: ['console', 'lottery-games'],
    queryFn: ({ signal }) => operatorApi.call(lotteryEndpoints.games, { signal }),
  });

/** GET /wps/operator/lottery/exposure: the open period's exposure per number, the largest first. */
export const useLotteryExposure = (gameCode: string | null) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'lottery-exposure', gameCode, s?.token],
    queryFn: ({ signal }) =>
      operatorApi.call(lotteryOperatorEndpoints.exposure, { query: { gameCode: gameCode! }, signal }),
    enabled: !!s && !!gameCode,
    refetchInterval: 5_000,
  });
};
