import { systemEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { SystemService } from './service.ts';

export const systemRoutes =
  ({ system }: { system: SystemService }) =>
  async (app: FastifyInstance) => {
    route(app, systemEndpoints.status, ({ req }) => system.status(req.merchantId, req.ip, req.hostname));
    route(app, systemEndpoints.whitelabel, ({ req }) => system.whitelabel(req.merchantId));
    route(app, systemEndpoints.registerSetting, ({ req }) => system.registerSetting(req.merchantId));
  };
