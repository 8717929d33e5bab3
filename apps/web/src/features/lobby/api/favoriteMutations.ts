import type { BodyOf } from '@app/contract';
import { call } from '../../../lib/api/index.ts';
import { lobbyRoutes } from './routes.ts';

/** MCSFE_addFavoriteGameV2 (POST): idempotent on the server; answers the new id list. */
export const addFavorite = (body: BodyOf<typeof lobbyRoutes.addFavorite>) => call(lobbyRoutes.addFavorite, { body });

/** removeFavoriteGameV2 (DELETE, fields in the query): idempotent; answers the new id list. */
export const removeFavorite = (query: { nodeId: number; vendor: string; gameType: string }) =>
  call(lobbyRoutes.removeFavorite, { query: query as never });
