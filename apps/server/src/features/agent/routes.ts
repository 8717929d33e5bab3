import type { FastifyInstance } from 'fastify';
import { contractRoutes } from './contracts/routes.ts';

/** Every agent-centre call (spec §2 agent centre) and the house's side of agent contracts. */
export const agentRoutes = async (app: FastifyInstance) => {
  await app.register(contractRoutes);
};
