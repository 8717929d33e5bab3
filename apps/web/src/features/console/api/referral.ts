import { referralOperatorEndpoints, type BodyOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/referral: the member referral rewards and a small report. */
export const useReferralSettings = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'referral', s?.token],
    queryFn: ({ signal }) => operatorApi.call(referralOperatorEndpoints.settings, { signal }),
    enabled: !!s,
  });
};

/** PUT /wps/operator/referral (finance). */
export const useSaveReferral = () =>
  useDeskMutation((body: BodyOf<typeof referralOperatorEndpoints.save>) =>
    operatorApi.call(referralOperatorEndpoints.save, { body }),
  );
