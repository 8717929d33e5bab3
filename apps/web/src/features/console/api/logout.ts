import { operatorEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { opCall } from './client.ts';

/** POST /wps/operator/session/logout */
export const useOperatorLogout = () => useMutation({ mutationFn: () => opCall(operatorEndpoints.logout) });
