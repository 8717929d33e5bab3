import { operatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { OperatorService } from './service.ts';

export const operatorRoutes =
  ({ operators }: { operators: OperatorService }) =>
  async (app: FastifyInstance) => {
    route(app, operatorEndpoints.login, ({ body, req }) =>
      operators.login({
        merchantId: req.merchantId,
        ...body,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      }),
    );
    route(app, operatorEndpoints.logout, async ({ req }) => {
      await operators.logout(operatorOf(req));
      return null;
    });
    route(app, operatorEndpoints.settings, ({ req }) => operators.siteSettings(operatorOf(req).merchantId));
    route(app, operatorEndpoints.setMaintenance, ({ body, req }) =>
      operators.setMaintenance(operatorOf(req), body, req.ip),
    );
    route(app, operatorEndpoints.setRegion, ({ body, req }) => operators.setRegion(operatorOf(req), body, req.ip));
  };
