import { gameEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { requestLanguage } from '../../http/language.ts';
import { route } from '../../http/route.ts';
import type { LobbyService } from './service.ts';

export const lobbyRoutes =
  ({ lobby }: { lobby: LobbyService }) =>
  async (app: FastifyInstance) => {
    route(app, gameEndpoints.favoriteIds, async ({ req }) => ({ ids: await lobby.favoriteIds(memberOf(req)) }));
    route(app, gameEndpoints.favoriteList, ({ query, req }) =>
      lobby.favoriteList(memberOf(req), { ...query, language: requestLanguage(req, query.language) }),
    );
    route(app, gameEndpoints.addFavorite, ({ body, req }) => lobby.addFavorite(memberOf(req), body));
    route(app, gameEndpoints.removeFavorite, ({ query, req }) => lobby.removeFavorite(memberOf(req), query));
    route(app, gameEndpoints.recentGames, ({ query, req }) =>
      lobby.recentGames(memberOf(req), { ...query, language: requestLanguage(req, query.language) }),
    );
    route(app, gameEndpoints.winnerList, async ({ query, req }) => ({
      list: await lobby.winnerBoard(req.merchantId, { ...query, language: requestLanguage(req, query.language) }),
    }));
  };
