import { gamePlayRoutes } from '@app/contract/routes/game-play';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** GCS_walletTransfer: every transfer-model vendor's balance back to the main wallet. */
export const useWalletTransfer = () => {
  const client = useQueryClient();
  return useEndpointMutation(gamePlayRoutes.walletTransfer, { onSuccess: () => void client.invalidateQueries() });
};
