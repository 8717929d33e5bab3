import { messageEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useWalletQuery } from './keys.ts';

/** GET /wps/v2/messages — platform messages (messageV2). */
export const useMessages = (query: QueryOf<typeof messageEndpoints.list>) =>
  useWalletQuery(messageEndpoints.list, { query }, { placeholderData: keepPreviousData });
