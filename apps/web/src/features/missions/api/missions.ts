import type { Language, MemberMission } from '@app/contract';
import { missionRoutes } from '@app/contract/routes/missions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAppLanguage, toContractLanguage } from '../../../i18n/languages.ts';
import { call, endpointKey, type ApiError } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';

/** The API's language for the interface's one. */
const useContractLanguage = (): Language => {
  const { i18n } = useTranslation();
  return toContractLanguage(isAppLanguage(i18n.language) ? i18n.language : 'pt');
};

/** Whose data a key holds (null: visitor or trial: nothing to ask). */
const useOwner = () => {
  const { token, isTrial } = useSession();
  return token && !isTrial ? token.slice(0, 12) : null;
};

/** Answers that move with a claim or a credited deposit: missions, leaderboards and the wallet. */
export const MISSION_PATHS = ['/wps/v2/missions', '/wps/v2/leaderboards'];
const STALE = [...MISSION_PATHS, '/wps/v2/wallets', '/wps/v2/points', '/wps/v2/withdrawals'];

/** GET /wps/v2/missions: every live mission with the member's progress (the menu badge counts claimable ones). */
export const useMissions = (enabled = true) => {
  const language = useContractLanguage();
  const owner = useOwner();
  const query = { language };
  return useQuery({
    queryKey: [...endpointKey(missionRoutes.missions, { query }), owner],
    queryFn: ({ signal }) => call(missionRoutes.missions, { query, signal }),
    enabled: enabled && owner !== null,
    staleTime: 15_000,
  });
};

/** GET /wps/v2/leaderboards: standings of the current period, the member's place, the last winners. */
export const useLeaderboards = () => {
  const language = useContractLanguage();
  const owner = useOwner();
  const query = { language };
  return useQuery({
    queryKey: [...endpointKey(missionRoutes.leaderboards, { query }), owner],
    queryFn: ({ signal }) => call(missionRoutes.leaderboards, { query, signal }),
    enabled: owner !== null,
    staleTime: 30_000,
  });
};

/** POST /wps/v2/missions/claim; then missions, points and every wallet answer are asked again. */
export const useClaimMission = () => {
  const qc = useQueryClient();
  const language = useContractLanguage();
  return useMutation<{ mission: MemberMission }, ApiError, number>({
    mutationFn: (missionId) => call(missionRoutes.claim, { body: { missionId, language } }),
    onSettled: () =>
      qc.invalidateQueries({ predicate: (q) => STALE.some((p) => String(q.queryKey[1] ?? '').startsWith(p)) }),
  });
};

/** Asks missions and leaderboards again (a deposit credited or a round settled on the live feed). */
export const useRefreshMissions = () => {
  const qc = useQueryClient();
  return () =>
    qc.invalidateQueries({ predicate: (q) => MISSION_PATHS.some((p) => String(q.queryKey[1] ?? '').startsWith(p)) });
};
