import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api/index.ts';

/** A console action: refreshes the desk's lists when it settles. */
export const useDeskMutation = <T, V>(fn: (v: V) => Promise<T>) => {
  const qc = useQueryClient();
  return useMutation<T, ApiError, V>({
    mutationFn: fn,
    onSettled: () => void qc.invalidateQueries({ queryKey: ['console'] }),
  });
};
