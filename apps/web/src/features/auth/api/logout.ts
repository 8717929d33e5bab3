import { sessionEndpoints } from '@app/contract';
import { call } from '../../../lib/api/index.ts';

/** Revokes the session on the server; the caller clears the local session either way. */
export const logoutOnServer = () => call(sessionEndpoints.logout).catch(() => undefined);
