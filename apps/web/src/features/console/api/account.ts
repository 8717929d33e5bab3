import { operatorEndpoints, type BodyOf, type ResponseOf } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api/index.ts';
import { operatorApi, setOperatorPending } from './client.ts';

type Me = ResponseOf<typeof operatorEndpoints.me>;
/** Each step of the login answers what is left; the console shows the next one (or the desks). */
const useStepMutation = <V>(fn: (v: V) => Promise<Me>) =>
  useMutation<Me, ApiError, V>({ mutationFn: fn, onSuccess: (me) => setOperatorPending(me.pending) });

/** POST /wps/operator/session/totp: the authenticator's code at login. */
export const useVerifyTotp = () =>
  useStepMutation((body: BodyOf<typeof operatorEndpoints.verifyTotp>) =>
    operatorApi.call(operatorEndpoints.verifyTotp, { body }),
  );

/** POST /wps/operator/account/password: one's own password (forced at first login, or any time). */
export const useChangeOperatorPassword = () =>
  useStepMutation((body: BodyOf<typeof operatorEndpoints.changePassword>) =>
    operatorApi.call(operatorEndpoints.changePassword, { body }),
  );

/** POST /wps/operator/account/totp/setup: a new secret to scan. */
export const useOperatorTotpSetup = () =>
  useMutation<ResponseOf<typeof operatorEndpoints.totpSetup>, ApiError, void>({
    mutationFn: () => operatorApi.call(operatorEndpoints.totpSetup, { body: {} }),
  });

/** POST /wps/operator/account/totp/enable: confirms the secret with a code. */
export const useOperatorTotpEnable = () =>
  useStepMutation((body: BodyOf<typeof operatorEndpoints.totpEnable>) =>
    operatorApi.call(operatorEndpoints.totpEnable, { body }),
  );
