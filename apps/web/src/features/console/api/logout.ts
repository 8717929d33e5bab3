import { operatorEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { operatorApi } from './client.ts';

/** POST /wps/operator/session/logout */
export const useOperatorLogout = () => useMutation({ mutationFn: () => operatorApi.call(operatorEndpoints.logout) });
