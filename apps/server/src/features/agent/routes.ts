import type { FastifyInstance } from 'fastify';
import type { AuditLog } from '../operator/service.ts';
import { announcementRoutes } from './announcements/routes.ts';
import type { AgentAnnouncementService } from './announcements/service.ts';
import { contractRoutes } from './contracts/routes.ts';
import type { AgentContractService } from './contracts/service.ts';
import { redEnvelopeRoutes } from './red-envelope/routes.ts';
import type { RedEnvelopeService } from './red-envelope/service.ts';
import { registerRoutes } from './register/routes.ts';
import type { AgentRegisterService } from './register/service.ts';
import type { AgentService } from './service.ts';
import { settlementRoutes } from './settlement/routes.ts';
import type { AgentSettlementService } from './settlement/service.ts';
import { teamRoutes } from './team/routes.ts';
import type { AgentTeamService } from './team/service.ts';

export interface AgentRouteServices {
  agents: AgentService;
  agentContracts: AgentContractService;
  agentSettlement: AgentSettlementService;
  agentTeam: AgentTeamService;
  agentRegister: AgentRegisterService;
  redEnvelopes: RedEnvelopeService;
  agentAnnouncements: AgentAnnouncementService;
}

/**
 * Every agent-centre call (spec §2 agent centre) and the house's side of agent contracts; the
 * operators' actions go to their audit log.
 */
export const agentRoutes = (services: AgentRouteServices, audit: AuditLog) => async (app: FastifyInstance) => {
  await app.register(contractRoutes(services, audit));
  await app.register(settlementRoutes(services, audit));
  await app.register(teamRoutes(services));
  await app.register(registerRoutes(services));
  await app.register(redEnvelopeRoutes(services));
  await app.register(announcementRoutes(services, audit));
};
