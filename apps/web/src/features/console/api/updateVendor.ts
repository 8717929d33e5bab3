import { providerAdminEndpoints, type BodyOf } from '@app/contract';
import { operatorApi } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** PUT /wps/operator/providers/vendor: switch a vendor on or off and set its maintenance (admin). */
export const useUpdateVendor = () =>
  useDeskMutation((body: BodyOf<typeof providerAdminEndpoints.update>) =>
    operatorApi.call(providerAdminEndpoints.update, { body }),
  );
