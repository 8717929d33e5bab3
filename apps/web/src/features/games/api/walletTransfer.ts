import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { gameRoutes } from './routes.ts';

/** GCS_walletTransfer: every transfer-model vendor's balance back to the main wallet. */
export const useWalletTransfer = () => {
  const client = useQueryClient();
  return useEndpointMutation(gameRoutes.walletTransfer, { onSuccess: () => void client.invalidateQueries() });
};
