import { gameRoutes } from '@app/contract/routes/game';
import type { BodyOf, gameEndpoints } from '@app/contract';
import { call } from '../../../lib/api/index.ts';

/** MCSFE_addFavoriteGameV2 (POST): idempotent on the server; answers the new id list. */
export const addFavorite = (body: BodyOf<typeof gameEndpoints.addFavorite>) => call(gameRoutes.addFavorite, { body });

/** removeFavoriteGameV2 (DELETE, fields in the query): idempotent; answers the new id list. */
export const removeFavorite = (query: { nodeId: number; vendor: string; gameType: string }) =>
  call(gameRoutes.removeFavorite, { query: query as never });
