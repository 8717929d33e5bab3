import { depositOperatorEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';

/** GET /wps/operator/deposits */
export const useDepositList = (query: QueryOf<typeof depositOperatorEndpoints.list>) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'deposits', query, s?.token],
    queryFn: ({ signal }) => operatorApi.call(depositOperatorEndpoints.list, { query, signal }),
    enabled: !!s,
    placeholderData: keepPreviousData,
  });
};
