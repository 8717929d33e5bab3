import { providerAdminEndpoints } from '@app/contract';
import { operatorApi } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** POST /wps/operator/providers/reconcile: settle a transfer-wallet vendor's pending moves against its books. */
export const useReconcileVendor = () =>
  useDeskMutation((vassalage: string) => operatorApi.call(providerAdminEndpoints.reconcile, { body: { vassalage } }));
