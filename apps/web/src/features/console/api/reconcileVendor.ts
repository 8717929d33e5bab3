import { providerAdminEndpoints } from '@app/contract';
import { opCall } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** POST /wps/operator/providers/reconcile: settle a transfer-wallet vendor's pending moves against its books. */
export const useReconcileVendor = () =>
  useDeskMutation((vassalage: string) => opCall(providerAdminEndpoints.reconcile, { body: { vassalage } }));
