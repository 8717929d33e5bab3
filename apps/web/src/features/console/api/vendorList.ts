import { providerAdminEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';

/** GET /wps/operator/providers: the brand's vendor registry with each vendor's state now. */
export const useVendorList = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'vendors', s?.token],
    queryFn: ({ signal }) => operatorApi.call(providerAdminEndpoints.list, { signal }),
    enabled: !!s,
  });
};
