import { providerAdminEndpoints, type BodyOf } from '@app/contract';
import { opCall } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** PUT /wps/operator/providers/vendor: switch a vendor on or off and set its maintenance (admin). */
export const useUpdateVendor = () =>
  useDeskMutation((body: BodyOf<typeof providerAdminEndpoints.update>) =>
    opCall(providerAdminEndpoints.update, { body }),
  );
