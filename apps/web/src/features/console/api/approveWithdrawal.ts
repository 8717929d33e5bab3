import { withdrawalOperatorEndpoints } from '@app/contract';
import { operatorApi } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** POST /wps/operator/withdrawals/:id/approve */
export const useApproveWithdrawal = () =>
  useDeskMutation((id: number) => operatorApi.call(withdrawalOperatorEndpoints.approve, { params: { id }, body: {} }));
