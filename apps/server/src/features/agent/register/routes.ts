import { agentEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { loadAgent } from '../service.ts';
import { affiliateLinks, registerDownline } from './service.ts';

export const registerRoutes = async (app: FastifyInstance) => {
  const ctx = app.ctx;
  route(app, agentEndpoints.registerDownline, async ({ req, body }) =>
    registerDownline(ctx, await loadAgent(ctx.db, req), body),
  );
  route(app, agentEndpoints.affiliateLinks, async ({ req }) => affiliateLinks(ctx, await loadAgent(ctx.db, req)));
};
