import { lotteryEndpoints, lotteryOperatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { LotteryDesk } from './desk/service.ts';
import type { LotteryService } from './service.ts';

/**
 * The lottery: games, periods and results for anyone; bets for members; voids and the official
 * results desk (enter, confirm by a second operator) for finance; the demo-only close in demo mode.
 */
export const lotteryRoutes =
  ({
    lottery,
    lotteryDesk,
    config,
  }: {
    lottery: LotteryService;
    lotteryDesk: LotteryDesk;
    config: { DEMO_MODE: boolean };
  }) =>
  async (app: FastifyInstance) => {
    route(app, lotteryEndpoints.games, ({ req }) => lottery.games(req.merchantId));
    route(app, lotteryEndpoints.openedNumero, ({ query, req }) => lottery.state(req.merchantId, query.gameCode));
    route(app, lotteryEndpoints.results, ({ query, req }) =>
      lottery.results(req.merchantId, query.gameCode, query.limit),
    );
    route(app, lotteryEndpoints.place, ({ body, req }) => lottery.place(memberOf(req), body));
    route(app, lotteryEndpoints.chase, ({ body, req }) => lottery.chase(memberOf(req), body));
    route(app, lotteryEndpoints.cancel, ({ body, req }) => lottery.cancel(memberOf(req), body.betId));
    route(app, lotteryEndpoints.cancelChase, ({ body, req }) => lottery.cancelChase(memberOf(req), body.chaseId));
    route(app, lotteryEndpoints.bets, ({ query, req }) => lottery.bets(memberOf(req), query));
    route(app, lotteryEndpoints.vnMenu, ({ query, req }) => lottery.vnMenu(req.merchantId, query.prizeMode));
    route(app, lotteryEndpoints.vnMenuRecent, ({ req }) => lottery.vnRecent(req.merchantId));
    route(app, lotteryEndpoints.vnOpened, ({ query, req }) => lottery.state(req.merchantId, query.gameCode));
    route(app, lotteryOperatorEndpoints.voidPeriod, ({ body, req }) =>
      lottery.voidPeriod(operatorOf(req), body.gameCode, body.numero),
    );
    route(app, lotteryOperatorEndpoints.periods, ({ query, req }) =>
      lottery.deskPeriods(operatorOf(req), query.gameCode),
    );
    route(app, lotteryOperatorEndpoints.enterResult, ({ body, req }) =>
      lottery.enterResult(operatorOf(req), body, req.ip),
    );
    route(app, lotteryOperatorEndpoints.confirmResult, ({ body, req }) =>
      lottery.confirmResult(operatorOf(req), body, req.ip),
    );
    route(app, lotteryOperatorEndpoints.exposure, ({ query, req }) =>
      lottery.exposure(operatorOf(req), query.gameCode),
    );
    route(app, lotteryOperatorEndpoints.setLimits, ({ body, req }) =>
      lotteryDesk.limits(operatorOf(req), body, req.ip),
    );
    route(app, lotteryOperatorEndpoints.deskGames, ({ req }) => lotteryDesk.games(operatorOf(req)));
    route(app, lotteryOperatorEndpoints.gameSettings, ({ body, req }) =>
      lotteryDesk.settings(operatorOf(req), body, req.ip),
    );
    route(app, lotteryOperatorEndpoints.prizes, ({ query, req }) => lotteryDesk.prizes(operatorOf(req), query.family));
    route(app, lotteryOperatorEndpoints.setPrizes, ({ body, req }) =>
      lotteryDesk.setPrizes(operatorOf(req), body, req.ip),
    );
    route(app, lotteryOperatorEndpoints.report, ({ query, req }) => lotteryDesk.report(operatorOf(req), query));
    if (config.DEMO_MODE)
      route(app, lotteryOperatorEndpoints.demoClose, ({ body, req }) =>
        lottery.demoClose(operatorOf(req), body.gameCode),
      );
  };
