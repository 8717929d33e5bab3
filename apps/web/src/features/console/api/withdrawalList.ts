import { withdrawalOperatorEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';

/** GET /wps/operator/withdrawals (status 'cases' lists open receipt cases) */
export const useWithdrawalList = (query: QueryOf<typeof withdrawalOperatorEndpoints.list>) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'withdrawals', query, s?.token],
    queryFn: ({ signal }) => operatorApi.call(withdrawalOperatorEndpoints.list, { query, signal }),
    enabled: !!s,
    placeholderData: keepPreviousData,
  });
};
