import { backofficeEndpoints, reportsEndpoints, type BodyOf, type QueryOf, type ResponseOf } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** The back office (issue 21, decision 069): the dashboard and the members desk. */
const KEY = ['console', 'backoffice'] as const;
const ep = backofficeEndpoints;

/** GET /wps/operator/dashboard */
export const useDashboard = (query: QueryOf<typeof ep.dashboard>) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: [...KEY, 'dashboard', query, s?.token],
    queryFn: ({ signal }) => operatorApi.call(ep.dashboard, { query, signal }),
    enabled: !!s,
    placeholderData: keepPreviousData,
  });
};

/** GET /wps/operator/members */
export const useMemberSearch = (query: QueryOf<typeof ep.members> | null) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: [...KEY, 'members', query, s?.token],
    queryFn: ({ signal }) => operatorApi.call(ep.members, { query: query!, signal }),
    enabled: !!s && !!query,
    placeholderData: keepPreviousData,
  });
};

/** GET /wps/operator/members/detail */
export const useMemberPage = (id: number | null) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: [...KEY, 'member', id, s?.token],
    queryFn: ({ signal }) => operatorApi.call(ep.member, { query: { id: id! }, signal }),
    enabled: !!s && id !== null,
  });
};

export type MemberAction =
  | 'freeze'
  | 'unfreeze'
  | 'forceLogout'
  | 'resetPassword'
  | 'clearLocks'
  | 'changeType'
  | 'move'
  | 'markTest'
  | 'unmarkTest';

/** What an action sends: the member and the reason, the new type or the new upline's username. */
export type MemberActionBody = BodyOf<typeof ep.freeze> & {
  type?: BodyOf<typeof ep.changeType>['type'];
  upline?: string;
};

/** What an action answers: the member's page, and a one-time password when one was issued. */
export interface MemberActionResult {
  member: ResponseOf<typeof ep.member>;
  oneTimePassword: string | null;
  expiresAt: string | null;
}

export const useMemberAction = () =>
  useDeskMutation(({ action, body }: { action: MemberAction; body: MemberActionBody }): Promise<MemberActionResult> => {
    const { type, upline, ...base } = body;
    const page =
      action === 'resetPassword'
        ? operatorApi.call(ep.resetPassword, { body: base })
        : action === 'changeType'
          ? operatorApi.call(ep.changeType, { body: { ...base, type: type ?? 0 } })
          : action === 'move'
            ? operatorApi.call(ep.move, { body: { ...base, upline: upline ?? '' } })
            : action === 'markTest' || action === 'unmarkTest'
              ? // Test accounts belong to the reports (decision 084); the answer is the member's page.
                operatorApi.call(reportsEndpoints[action], { body: base })
              : operatorApi.call(ep[action], { body: base });
    return page.then((r) => ('oneTimePassword' in r ? r : { member: r, oneTimePassword: null, expiresAt: null }));
  });

export const useAddNote = () =>
  useDeskMutation((body: BodyOf<typeof ep.addNote>) => operatorApi.call(ep.addNote, { body }));
