import { depositOperatorEndpoints } from '@app/contract';
import { operatorApi } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** POST /wps/operator/deposits/:id/reject */
export const useRejectDeposit = () =>
  useDeskMutation((v: { id: number; reason: string }) =>
    operatorApi.call(depositOperatorEndpoints.reject, { params: { id: v.id }, body: { reason: v.reason } }),
  );
