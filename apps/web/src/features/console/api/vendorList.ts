import { providerAdminEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { opCall, useOperatorSession } from './client.ts';

/** GET /wps/operator/providers: the brand's vendor registry with each vendor's state now. */
export const useVendorList = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'vendors', s?.token],
    queryFn: ({ signal }) => opCall(providerAdminEndpoints.list, { signal }),
    enabled: !!s,
  });
};
