import { agentEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import type { AgentService } from '../service.ts';
import type { AgentRegisterService } from './service.ts';

export const registerRoutes =
  ({ agents, agentRegister }: { agents: AgentService; agentRegister: AgentRegisterService }) =>
  async (app: FastifyInstance) => {
    route(app, agentEndpoints.registerDownline, async ({ req, body }) =>
      agentRegister.registerDownline(await agents.self(memberOf(req)), body),
    );
    route(app, agentEndpoints.reissueDownlinePassword, async ({ req, body }) =>
      agentRegister.reissuePassword(await agents.self(memberOf(req)), body.memberId),
    );
    route(app, agentEndpoints.affiliateLinks, async ({ req }) =>
      agentRegister.affiliateLinks(await agents.self(memberOf(req))),
    );
  };
