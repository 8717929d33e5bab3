import { providerAdminEndpoints, type BodyOf, type PENDING_WIN_STATUSES } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/providers/pending-wins: seamless wins held past the limits (decision 053). */
export const useHeldWins = (status: (typeof PENDING_WIN_STATUSES)[number]) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'held-wins', status, s?.token],
    queryFn: ({ signal }) => operatorApi.call(providerAdminEndpoints.pendingWins, { query: { status }, signal }),
    enabled: !!s,
  });
};

/** POST …/pending-wins/pay or …/void (finance): the held money goes to the player or back to the house. */
export const useDecideHeldWin = () =>
  useDeskMutation(
    ({ action, ...body }: BodyOf<typeof providerAdminEndpoints.payPendingWin> & { action: 'pay' | 'void' }) =>
      operatorApi.call(
        action === 'pay' ? providerAdminEndpoints.payPendingWin : providerAdminEndpoints.voidPendingWin,
        { body },
      ),
  );

/** GET /wps/operator/providers/win-limits: the limits per vendor and game type. */
export const useWinLimits = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'win-limits', s?.token],
    queryFn: ({ signal }) => operatorApi.call(providerAdminEndpoints.winLimits, { signal }),
    enabled: !!s,
  });
};

/** PUT /wps/operator/providers/win-limits (admin); both limits empty removes the rule. */
export const useSetWinLimit = () =>
  useDeskMutation((body: BodyOf<typeof providerAdminEndpoints.setWinLimit>) =>
    operatorApi.call(providerAdminEndpoints.setWinLimit, { body }),
  );
