import { pointsEndpoints, pointsOperatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { PointsService } from './service.ts';

/** The points mall: the member's side and the operators' desks (decision 067). */
export const pointsRoutes =
  ({ points }: { points: PointsService }) =>
  async (app: FastifyInstance) => {
    route(app, pointsEndpoints.balance, ({ req }) => points.balance(memberOf(req)));
    route(app, pointsEndpoints.config, ({ req }) => points.config(memberOf(req)));
    route(app, pointsEndpoints.list, ({ query, req }) => points.list(memberOf(req), query));
    route(app, pointsEndpoints.redeems, ({ query, req }) => points.redeems(memberOf(req), query));
    route(app, pointsEndpoints.redeem, ({ body, req }) => points.redeem(memberOf(req), body));
    route(app, pointsEndpoints.convert, ({ body, req }) => points.convert(memberOf(req), body));

    route(app, pointsOperatorEndpoints.items, ({ req }) => points.items(operatorOf(req)));
    route(app, pointsOperatorEndpoints.saveItem, ({ body, req }) => points.saveItem(operatorOf(req), body, req.ip));
    route(app, pointsOperatorEndpoints.redeems, ({ query, req }) => points.deskRedeems(operatorOf(req), query));
    route(app, pointsOperatorEndpoints.decide, ({ body, req }) => points.decide(operatorOf(req), body, req.ip));
    route(app, pointsOperatorEndpoints.rules, ({ req }) => points.rules(operatorOf(req)));
    route(app, pointsOperatorEndpoints.saveRules, ({ body, req }) => points.saveRules(operatorOf(req), body, req.ip));
    route(app, pointsOperatorEndpoints.adjust, ({ body, req }) => points.adjust(operatorOf(req), body, req.ip));
    route(app, pointsOperatorEndpoints.report, ({ query, req }) => points.report(operatorOf(req), query));
  };
