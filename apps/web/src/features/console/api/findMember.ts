import { walletOperatorEndpoints, type ResponseOf } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api/index.ts';
import { operatorApi } from './client.ts';

/** GET /wps/operator/wallets/member?username= */
export const useFindMember = () =>
  useMutation<ResponseOf<typeof walletOperatorEndpoints.findMember>, ApiError, string>({
    mutationFn: (username) => operatorApi.call(walletOperatorEndpoints.findMember, { query: { username } }),
  });
