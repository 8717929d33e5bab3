import { lotteryEndpoints, lotteryOperatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { LotteryService } from './service.ts';

/** The house lottery: games, periods and results for anyone; bets for members; voids for finance. */
export const lotteryRoutes =
  ({ lottery }: { lottery: LotteryService }) =>
  async (app: FastifyInstance) => {
    route(app, lotteryEndpoints.games, ({ req }) => lottery.games(req.merchantId));
    route(app, lotteryEndpoints.openedNumero, ({ query, req }) => lottery.state(req.merchantId, query.gameCode));
    route(app, lotteryEndpoints.results, ({ query, req }) =>
      lottery.results(req.merchantId, query.gameCode, query.limit),
    );
    route(app, lotteryEndpoints.place, ({ body, req }) => lottery.place(memberOf(req), body));
    route(app, lotteryEndpoints.cancel, ({ body, req }) => lottery.cancel(memberOf(req), body.betId));
    route(app, lotteryEndpoints.bets, ({ query, req }) => lottery.bets(memberOf(req), query));
    route(app, lotteryOperatorEndpoints.voidPeriod, ({ body, req }) =>
      lottery.voidPeriod(operatorOf(req), body.gameCode, body.numero),
    );
  };
