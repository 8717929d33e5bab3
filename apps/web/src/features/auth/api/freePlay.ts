import { GATEWAY_VERSION, GATEWAY_VERSION_HEADER, sessionEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** Free play (spec §7): os, platform W and the gateway version header 3. */
export const useFreePlay = () => {
  const mutation = useEndpointMutation(sessionEndpoints.freePlay);
  return {
    ...mutation,
    start: () =>
      mutation.mutateAsync({
        body: { os: navigator.platform || 'web', platform: 'W' },
        headers: { [GATEWAY_VERSION_HEADER]: GATEWAY_VERSION },
      }),
  };
};
