import { lotteryRoutes } from '@app/contract/routes/lottery';
import { walletRoutes } from '@app/contract/routes/wallet';
import type { LotteryBet, LotteryChaseBody, LotteryPlaceBody } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, type ApiError } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';

export const GAMES_KEY = endpointKey(lotteryRoutes.games);
export const STATE_KEY = endpointKey(lotteryRoutes.openedNumero);
export const RESULTS_KEY = endpointKey(lotteryRoutes.results);
export const BETS_KEY = endpointKey(lotteryRoutes.bets);
const BALANCE_KEY = endpointKey(walletRoutes.balance);

/** GET /lotto/lgw/games: the game switcher. */
export const useLotteryGames = () =>
  useQuery({
    queryKey: GAMES_KEY,
    queryFn: ({ signal }) => call(lotteryRoutes.games, { signal }),
    staleTime: 5 * 60_000,
  });

/** GET /lotto/lgw/games/opened/numero: the open period, the next one, latest results, prizes. */
export const useLotteryState = (gameCode: string) =>
  useQuery({
    queryKey: [...STATE_KEY, gameCode],
    queryFn: async ({ signal }) => {
      const sentAt = Date.now();
      const state = await call(lotteryRoutes.openedNumero, { query: { gameCode }, signal });
      // The server's clock against ours, halfway through the round trip: the countdown uses it.
      const skewMs = Date.parse(state.serverTime) - (sentAt + Date.now()) / 2;
      return { ...state, skewMs };
    },
    refetchInterval: 15_000,
  });

/** GET /lotto/lgw/games/results: the last draws with their seeds (trend chart, verify). */
export const useLotteryResults = (gameCode: string, limit: number) =>
  useQuery({
    queryKey: [...RESULTS_KEY, gameCode, limit],
    queryFn: ({ signal }) => call(lotteryRoutes.results, { query: { gameCode, limit }, signal }),
  });

/** GET /lotto/lgw/bets: the member's bets on this game, open ones or the settled history. */
export const useLotteryBets = (gameCode: string, status: 'open' | 'done') => {
  const owner = useSession().token?.slice(0, 12) ?? null;
  return useQuery({
    queryKey: [...BETS_KEY, owner, gameCode, status],
    queryFn: ({ signal }) => call(lotteryRoutes.bets, { query: { gameCode, status, pageSize: 20 }, signal }),
    enabled: owner !== null,
  });
};

const useAfterMoney = () => {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: BETS_KEY }), qc.invalidateQueries({ queryKey: BALANCE_KEY })]);
};

/** POST /lotto/lgw/bets */
export const usePlaceBet = () => {
  const refresh = useAfterMoney();
  return useMutation<LotteryBet, ApiError, LotteryPlaceBody>({
    mutationFn: (body) => call(lotteryRoutes.place, { body }),
    onSettled: refresh,
  });
};

/** POST /lotto/lgw/chases: the same bet on the next N periods. */
export const useChase = () => {
  const refresh = useAfterMoney();
  return useMutation<{ chaseId: number; bets: LotteryBet[] }, ApiError, LotteryChaseBody>({
    mutationFn: (body) => call(lotteryRoutes.chase, { body }),
    onSettled: refresh,
  });
};

/** POST /lotto/lgw/bets/cancel */
export const useCancelBet = () => {
  const refresh = useAfterMoney();
  return useMutation<LotteryBet, ApiError, number>({
    mutationFn: (betId) => call(lotteryRoutes.cancel, { body: { betId } }),
    onSettled: refresh,
  });
};

/** POST /lotto/lgw/chases/cancel: the chase's bets on periods not closed yet come back. */
export const useCancelChase = () => {
  const refresh = useAfterMoney();
  return useMutation<{ chaseId: number; refunded: number; bets: LotteryBet[] }, ApiError, number>({
    mutationFn: (chaseId) => call(lotteryRoutes.cancelChase, { body: { chaseId } }),
    onSettled: refresh,
  });
};

export const VN_MENU_KEY = endpointKey(lotteryRoutes.vnMenu);
export const VN_RECENT_KEY = endpointKey(lotteryRoutes.vnMenuRecent);

/** GET /lgw/vn/games/game_menu (spec §7: prizeMode, device WEB): the regions, their games and next draws. */
export const useVnMenu = () =>
  useQuery({
    queryKey: VN_MENU_KEY,
    queryFn: ({ signal }) => call(lotteryRoutes.vnMenu, { query: { device: 'WEB' }, signal }),
    refetchInterval: 60_000,
  });

/** GET /lgw/vn/games/game_menu/recent: each Vietnamese game's latest sheet. */
export const useVnRecent = () =>
  useQuery({
    queryKey: VN_RECENT_KEY,
    queryFn: ({ signal }) => call(lotteryRoutes.vnMenuRecent, { query: {}, signal }),
    refetchInterval: 60_000,
  });
