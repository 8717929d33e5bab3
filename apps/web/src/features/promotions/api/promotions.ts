import { promotionRoutes } from '@app/contract/routes/promotion';
import type { Language, PromotionApplication, PromotionEntry, RaffleDraw } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, endpointKey, type ApiError } from '../../../lib/api/index.ts';
import { isAppLanguage, toContractLanguage } from '../../../i18n/languages.ts';
import { useSession } from '../../../lib/session/index.ts';

/** The API's language for the interface's one. */
export const useContractLanguage = (): Language => {
  const { i18n } = useTranslation();
  return toContractLanguage(isAppLanguage(i18n.language) ? i18n.language : 'pt');
};

/** Whose data a key holds: one member's statuses never show for the next in the tab (null: visitor). */
const useOwner = () => {
  const { token, isTrial } = useSession();
  return token && !isTrial ? token.slice(0, 12) : null;
};

/** GET /wps/v2/promotions: live and scheduled promotions, with the member's own status when signed in. */
export const usePromotions = () => {
  const language = useContractLanguage();
  const owner = useOwner();
  const query = { language };
  return useQuery({
    queryKey: [...endpointKey(promotionRoutes.list, { query }), owner],
    queryFn: ({ signal }) => call(promotionRoutes.list, { query, signal }),
    staleTime: 30_000,
    select: (v) => v.list,
  });
};

/** GET /wps/v2/promotions/rewards: rewards to claim (the menu badge) and the history. */
export const useRewards = (enabled = true) => {
  const language = useContractLanguage();
  const owner = useOwner();
  const query = { language };
  return useQuery({
    queryKey: [...endpointKey(promotionRoutes.rewards, { query }), owner],
    queryFn: ({ signal }) => call(promotionRoutes.rewards, { query, signal }),
    enabled: enabled && owner !== null,
    staleTime: 30_000,
  });
};

/** GET /wps/v2/promotions/bonuses: every bonus with its wagering. */
export const useBonuses = () => {
  const language = useContractLanguage();
  const owner = useOwner();
  const query = { language };
  return useQuery({
    queryKey: [...endpointKey(promotionRoutes.bonuses, { query }), owner],
    queryFn: ({ signal }) => call(promotionRoutes.bonuses, { query, signal }),
    enabled: owner !== null,
  });
};

/** After a change: the promotions' answers and every wallet answer (the balance moved). */
const STALE = ['/wps/v2/promotions', '/wps/v2/wallets', '/wps/v2/withdrawals'];
const useRefresh = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ predicate: (q) => STALE.some((p) => String(q.queryKey[1] ?? '').startsWith(p)) });
};

/** The installed app (the lite app / home-screen install) runs in standalone display mode. */
const runsAsInstalledApp = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(display-mode: standalone)').matches
    : false;

export const useJoin = () => {
  const language = useContractLanguage();
  const refresh = useRefresh();
  return useMutation<PromotionEntry, ApiError, number>({
    mutationFn: (promotionId) =>
      call(promotionRoutes.join, { body: { promotionId, language, fromApp: runsAsInstalledApp() } }),
    onSettled: refresh,
  });
};

export const useClaim = () => {
  const language = useContractLanguage();
  const refresh = useRefresh();
  return useMutation<PromotionEntry, ApiError, number>({
    mutationFn: (entryId) => call(promotionRoutes.claim, { body: { entryId, language } }),
    onSettled: refresh,
  });
};

export const useForfeit = () => {
  const language = useContractLanguage();
  const refresh = useRefresh();
  return useMutation<PromotionEntry, ApiError, number>({
    mutationFn: (entryId) => call(promotionRoutes.forfeit, { body: { entryId, language } }),
    onSettled: refresh,
  });
};

/** POST /wps/v2/promotions/apply: an activity application with a comment and image upload ids. */
export const useApply = () => {
  const language = useContractLanguage();
  const refresh = useRefresh();
  return useMutation<PromotionApplication, ApiError, { promotionId: number; comment: string; imageIds: string[] }>({
    mutationFn: (body) => call(promotionRoutes.apply, { body: { ...body, language } }),
    onSettled: refresh,
  });
};

/** GET /wps/v2/promotions/raffle/draws: the member's red envelopes and raffles drawn (one drop's, or all). */
export const useRaffleDraws = (promotionId?: number, enabled = true) => {
  const language = useContractLanguage();
  const owner = useOwner();
  const query = promotionId === undefined ? { language } : { language, promotionId };
  return useQuery({
    queryKey: [...endpointKey(promotionRoutes.raffleDraws, { query }), owner],
    queryFn: ({ signal }) => call(promotionRoutes.raffleDraws, { query, signal }),
    enabled: enabled && owner !== null,
    select: (v) => v.list,
  });
};

/** POST /wps/v2/promotions/raffle/claim (spec §7's raffle promotion claim): draws and pays. */
export const useRaffleClaim = () => {
  const language = useContractLanguage();
  const refresh = useRefresh();
  return useMutation<{ draw: RaffleDraw; balance: string }, ApiError, number>({
    mutationFn: (promotionId) => call(promotionRoutes.raffleClaim, { body: { promotionId, language } }),
    onSettled: refresh,
  });
};
