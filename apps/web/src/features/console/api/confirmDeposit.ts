import { depositOperatorEndpoints } from '@app/contract';
import { opCall } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** POST /wps/operator/deposits/:id/confirm */
export const useConfirmDeposit = () =>
  useDeskMutation((id: number) => opCall(depositOperatorEndpoints.confirm, { params: { id }, body: {} }));
