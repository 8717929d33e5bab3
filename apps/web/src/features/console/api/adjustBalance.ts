import { walletOperatorEndpoints } from '@app/contract';
import { operatorApi } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** POST /wps/operator/wallets/adjust — a ledger transaction with a reason, never an edit. */
export const useAdjustBalance = () =>
  useDeskMutation((body: { memberId: number; amount: string; reason: string; requestId: string }) =>
    operatorApi.call(walletOperatorEndpoints.adjust, { body }),
  );
