import { withdrawalOperatorEndpoints } from '@app/contract';
import { operatorApi } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** POST /wps/operator/withdrawals/:id/reject (the money goes back to the wallet) */
export const useRejectWithdrawal = () =>
  useDeskMutation((v: { id: number; reason: string }) =>
    operatorApi.call(withdrawalOperatorEndpoints.reject, { params: { id: v.id }, body: { reason: v.reason } }),
  );
