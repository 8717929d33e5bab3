import { systemEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { systemStatusOf, whitelabelOf } from './service.ts';

export const systemRoutes = async (app: FastifyInstance) => {
  const { merchants } = app.ctx;
  route(app, systemEndpoints.status, async ({ req }) =>
    systemStatusOf(await merchants.brand(req.merchantId), req.ip, req.hostname),
  );
  route(app, systemEndpoints.whitelabel, async ({ req }) => whitelabelOf(await merchants.brand(req.merchantId)));
  route(
    app,
    systemEndpoints.registerSetting,
    async ({ req }) => (await merchants.brand(req.merchantId)).merchant.registerSetting,
  );
};
