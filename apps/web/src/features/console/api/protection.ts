import { protectionOperatorEndpoints, type BodyOf, type QueryOf } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** Player protection's desk (issue 24); every key starts with ['console', 'protection']. */
const KEY = ['console', 'protection'] as const;
const ep = protectionOperatorEndpoints;

/** GET /wps/operator/protection/settings: the brand's defaults, maxima and reality-check interval. */
export const useProtectionSettings = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: [...KEY, 'settings', s?.token],
    queryFn: ({ signal }) => operatorApi.call(ep.settings, { signal }),
    enabled: !!s,
  });
};

/** GET /wps/operator/protection/members */
export const useProtectedMembers = (query: QueryOf<typeof ep.members>) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: [...KEY, 'members', query, s?.token],
    queryFn: ({ signal }) => operatorApi.call(ep.members, { query, signal }),
    enabled: !!s,
    placeholderData: keepPreviousData,
  });
};

/** GET /wps/operator/protection/member: one player's limits, restrictions and history. */
export const useProtectedMember = (memberId: number | null) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: [...KEY, 'member', memberId, s?.token],
    queryFn: ({ signal }) => operatorApi.call(ep.member, { query: { memberId: memberId! }, signal }),
    enabled: !!s && memberId !== null,
  });
};

export const useSaveProtectionSettings = () =>
  useDeskMutation((body: BodyOf<typeof ep.saveSettings>) => operatorApi.call(ep.saveSettings, { body }));
export const useTightenLimit = () =>
  useDeskMutation((body: BodyOf<typeof ep.tighten>) => operatorApi.call(ep.tighten, { body }));
export const useRestrictPlayer = () =>
  useDeskMutation((body: BodyOf<typeof ep.exclude>) => operatorApi.call(ep.exclude, { body }));
