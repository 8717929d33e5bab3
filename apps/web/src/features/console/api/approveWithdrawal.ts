import { withdrawalOperatorEndpoints } from '@app/contract';
import { opCall } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** POST /wps/operator/withdrawals/:id/approve */
export const useApproveWithdrawal = () =>
  useDeskMutation((id: number) => opCall(withdrawalOperatorEndpoints.approve, { params: { id }, body: {} }));
