import { depositOperatorEndpoints } from '@app/contract';
import { operatorApi } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** POST /wps/operator/deposits/:id/confirm */
export const useConfirmDeposit = () =>
  useDeskMutation((id: number) => operatorApi.call(depositOperatorEndpoints.confirm, { params: { id }, body: {} }));
