import { referralEndpoints, referralOperatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { ReferralService } from './service.ts';

/** Member referral (decision 071): the referral page; the console's reward settings and report. */
export const referralRoutes =
  ({ referral }: { referral: ReferralService }) =>
  async (app: FastifyInstance) => {
    route(app, referralEndpoints.overview, ({ req }) => referral.overview(memberOf(req)));
    route(app, referralOperatorEndpoints.settings, ({ req }) => referral.settings(operatorOf(req)));
    route(app, referralOperatorEndpoints.save, ({ body, req }) => referral.save(operatorOf(req), body, req.ip));
  };
