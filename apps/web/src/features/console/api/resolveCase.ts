import { withdrawalOperatorEndpoints } from '@app/contract';
import { operatorApi } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** POST /wps/operator/withdrawals/:id/resolve */
export const useResolveCase = () =>
  useDeskMutation((v: { id: number; resolution: 'refunded' | 'repaid' | 'dismissed'; note: string }) =>
    operatorApi.call(withdrawalOperatorEndpoints.resolve, {
      params: { id: v.id },
      body: { resolution: v.resolution, note: v.note },
    }),
  );
