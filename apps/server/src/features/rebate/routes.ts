import { rebateEndpoints, rebateOperatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { RebateService } from './service.ts';

/** Rebate (decision 071): manualRebate's overview and claim; the console's rates desk and report. */
export const rebateRoutes =
  ({ rebate }: { rebate: RebateService }) =>
  async (app: FastifyInstance) => {
    route(app, rebateEndpoints.overview, ({ req }) => rebate.overview(memberOf(req)));
    route(app, rebateEndpoints.claim, ({ req }) => rebate.claim(memberOf(req)));

    route(app, rebateOperatorEndpoints.settings, ({ query, req }) => rebate.settings(operatorOf(req), query.level));
    route(app, rebateOperatorEndpoints.save, ({ body, req }) => rebate.save(operatorOf(req), body, req.ip));
    route(app, rebateOperatorEndpoints.report, ({ query, req }) => rebate.report(operatorOf(req), query.days));
  };
