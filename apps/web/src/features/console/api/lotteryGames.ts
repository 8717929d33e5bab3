import { lotteryOperatorEndpoints, type BodyOf, type LotteryFamily } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/lottery/games: every game's switch, closing seconds, prize group, limits, deadline. */
export const useLotteryDeskGames = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'lottery-desk-games', s?.token],
    queryFn: ({ signal }) => operatorApi.call(lotteryOperatorEndpoints.deskGames, { signal }),
    enabled: !!s,
  });
};

/** POST /wps/operator/lottery/games/settings */
export const useSaveGameSettings = () =>
  useDeskMutation((body: BodyOf<typeof lotteryOperatorEndpoints.gameSettings>) =>
    operatorApi.call(lotteryOperatorEndpoints.gameSettings, { body }),
  );

/** POST /wps/operator/lottery/games/limits */
export const useSaveGameLimits = () =>
  useDeskMutation((body: BodyOf<typeof lotteryOperatorEndpoints.setLimits>) =>
    operatorApi.call(lotteryOperatorEndpoints.setLimits, { body }),
  );

/** GET /wps/operator/lottery/prizes: a family's prize per key with its seed and bounds. */
export const useLotteryPrizes = (family: LotteryFamily | null) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'lottery-prizes', family, s?.token],
    queryFn: ({ signal }) => operatorApi.call(lotteryOperatorEndpoints.prizes, { query: { family: family! }, signal }),
    enabled: !!s && !!family,
  });
};

/** POST /wps/operator/lottery/prizes */
export const useSavePrizes = () =>
  useDeskMutation((body: BodyOf<typeof lotteryOperatorEndpoints.setPrizes>) =>
    operatorApi.call(lotteryOperatorEndpoints.setPrizes, { body }),
  );

/** GET /wps/operator/lottery/report: GGR per game over local days of the brand. */
export const useLotteryReport = (range: { from: string; to: string } | null) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'lottery-report', range?.from, range?.to, s?.token],
    queryFn: ({ signal }) =>
      operatorApi.call(lotteryOperatorEndpoints.report, { query: range ? { ...range } : {}, signal }),
    enabled: !!s,
  });
};
