import { getToken } from '../session/index.ts';
import { createApiClient } from './client.ts';

/** The player site's client: calls carry the member's session token (the console has its own). */
export const memberApi = createApiClient({ token: getToken });
export const { call, onError: onApiError } = memberApi;
