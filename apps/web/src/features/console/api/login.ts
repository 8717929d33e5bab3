import { operatorEndpoints, type ResponseOf } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api/index.ts';
import { operatorApi } from './client.ts';

/** POST /wps/operator/session/login */
export const useOperatorLogin = () =>
  useMutation<ResponseOf<typeof operatorEndpoints.login>, ApiError, { username: string; password: string }>({
    mutationFn: (body) => operatorApi.call(operatorEndpoints.login, { body }),
  });
