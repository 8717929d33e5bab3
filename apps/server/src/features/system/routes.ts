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
    // Not an API call: the browser reads it from <link rel="manifest"> in the page (decision 058).
    app.get('/manifest.webmanifest', async (req, reply) => {
      const manifest = await system.manifest(req.hostname);
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/manifest+json')
        .send(JSON.stringify(manifest));
    });
  };
