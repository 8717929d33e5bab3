import type { FastifyInstance } from 'fastify';
import { announcementRoutes } from './announcements/routes.ts';
import { contractRoutes } from './contracts/routes.ts';
import { registerAgentJobs } from './jobs.ts';
import { redEnvelopeRoutes } from './red-envelope/routes.ts';
import { registerRoutes } from './register/routes.ts';
import { settlementRoutes } from './settlement/routes.ts';
import { teamRoutes } from './team/routes.ts';

/** Every agent-centre call (spec §2 agent centre), the house's side of agent contracts, and the agent jobs. */
export const agentRoutes = async (app: FastifyInstance) => {
  registerAgentJobs(app.ctx);
  await app.register(contractRoutes);
  await app.register(settlementRoutes);
  await app.register(teamRoutes);
  await app.register(registerRoutes);
  await app.register(redEnvelopeRoutes);
  await app.register(announcementRoutes);
};
