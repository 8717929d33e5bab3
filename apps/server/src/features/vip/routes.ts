import { vipEndpoints, vipOperatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { VipService } from './service.ts';

/** VIP (decision 074): the member's VIP page; the console's levels desk and distribution report. */
export const vipRoutes =
  ({ vip }: { vip: VipService }) =>
  async (app: FastifyInstance) => {
    route(app, vipEndpoints.overview, ({ req }) => vip.overview(memberOf(req)));

    route(app, vipOperatorEndpoints.settings, ({ req }) => vip.settings(operatorOf(req)));
    route(app, vipOperatorEndpoints.save, ({ body, req }) => vip.save(operatorOf(req), body, req.ip));
    route(app, vipOperatorEndpoints.report, ({ query, req }) => vip.report(operatorOf(req), query.days));
  };
