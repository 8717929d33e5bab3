import { sportsDeskEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { SportsDesk } from './service.ts';

/**
 * The house sportsbook's console desk (decision 114): finance and admin read events,
 * liability, margins and the GGR report; admin suspends, voids, sets margins and corrects results.
 */
export const sportsDeskRoutes =
  ({ sportsDesk }: { sportsDesk: SportsDesk }) =>
  async (app: FastifyInstance) => {
    const e = sportsDeskEndpoints;
    route(app, e.events, ({ query }) => sportsDesk.events(query));
    route(app, e.liability, ({ query }) => sportsDesk.liability(query));
    route(app, e.margins, () => sportsDesk.margins());
    route(app, e.report, ({ query }) => sportsDesk.report(query));
    route(app, e.suspend, ({ body, req }) => sportsDesk.suspend(operatorOf(req), body, req.ip));
    route(app, e.void, ({ body, req }) => sportsDesk.void(operatorOf(req), body, req.ip));
    route(app, e.setMargin, ({ body, req }) => sportsDesk.setMargin(operatorOf(req), body, req.ip));
    route(app, e.correctResult, ({ body, req }) => sportsDesk.correctResult(operatorOf(req), body, req.ip));
  };
