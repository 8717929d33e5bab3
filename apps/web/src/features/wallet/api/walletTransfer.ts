import { gamePlayEndpoints } from '@app/contract';
import { useWalletMutation } from './keys.ts';

/** POST /wps/relay/GCS_walletTransfer — brings every game wallet's money back (issue 6's endpoint). */
export const useWalletTransfer = () => useWalletMutation(gamePlayEndpoints.walletTransfer);
