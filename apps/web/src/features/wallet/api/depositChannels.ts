import { depositEndpoints } from '@app/contract';
import { useWalletQuery } from './keys.ts';

/** GET /wps/v2/deposits/channels — the brand's enabled deposit channels with their limits. */
export const useDepositChannels = () => useWalletQuery(depositEndpoints.channels, {}, { staleTime: 60_000 });
