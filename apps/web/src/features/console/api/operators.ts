import { operatorEndpoints, type BodyOf, type QueryOf } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/operators (admin) */
export const useOperatorList = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'operators', s?.token],
    queryFn: ({ signal }) => operatorApi.call(operatorEndpoints.list, { signal }),
    enabled: !!s,
  });
};

/** POST /wps/operator/operators: answers the one-time password, once. */
export const useCreateOperator = () =>
  useDeskMutation((body: BodyOf<typeof operatorEndpoints.create>) =>
    operatorApi.call(operatorEndpoints.create, { body }),
  );

/** PUT /wps/operator/operators/:id: status or role. */
export const useUpdateOperator = () =>
  useDeskMutation(({ id, ...body }: { id: number } & BodyOf<typeof operatorEndpoints.update>) =>
    operatorApi.call(operatorEndpoints.update, { params: { id }, body }),
  );

/** POST /wps/operator/operators/:id/unlock */
export const useUnlockOperator = () =>
  useDeskMutation((id: number) => operatorApi.call(operatorEndpoints.unlock, { params: { id }, body: {} }));

/** POST /wps/operator/operators/:id/reset-totp */
export const useResetOperatorTotp = () =>
  useDeskMutation((id: number) => operatorApi.call(operatorEndpoints.resetTotp, { params: { id }, body: {} }));

/** POST /wps/operator/operators/:id/reset-password: a new one-time password, shown once. */
export const useResetOperatorPassword = () =>
  useDeskMutation((id: number) => operatorApi.call(operatorEndpoints.resetPassword, { params: { id }, body: {} }));

/** GET /wps/operator/audit (admin): newest first. */
export const useAuditLog = (query: QueryOf<typeof operatorEndpoints.audit>) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'audit', query, s?.token],
    queryFn: ({ signal }) => operatorApi.call(operatorEndpoints.audit, { query, signal }),
    enabled: !!s,
    placeholderData: keepPreviousData,
  });
};
