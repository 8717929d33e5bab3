import { withdrawalOperatorEndpoints } from '@app/contract';
import { operatorApi } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** POST /wps/operator/withdrawals/:id/paid */
export const useMarkPaid = () =>
  useDeskMutation((v: { id: number; payoutReference?: string }) =>
    operatorApi.call(withdrawalOperatorEndpoints.markPaid, {
      params: { id: v.id },
      body: v.payoutReference ? { payoutReference: v.payoutReference } : {},
    }),
  );
