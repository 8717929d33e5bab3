import type { QueryClient } from '@tanstack/react-query';

/** After a change, every agent-centre answer (and the member's balance) may be stale. */
export const invalidateAgent = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) => {
      const path = q.queryKey[1];
      return (
        typeof path === 'string' &&
        (path.startsWith('/wps/agent/') || path.startsWith('/wps/member/') || path.startsWith('/wps/v2/wallets'))
      );
    },
  });
