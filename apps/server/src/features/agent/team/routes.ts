import { agentEndpoints } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import type { AgentService } from '../service.ts';
import type { AgentTeamService } from './service.ts';

export const teamRoutes =
  ({ agents, agentTeam }: { agents: AgentService; agentTeam: AgentTeamService }) =>
  async (app: FastifyInstance) => {
    const self = (req: FastifyRequest) => agents.self(memberOf(req));
    route(app, agentEndpoints.teamOverview, async ({ req, query }) => agentTeam.overview(await self(req), query));
    route(app, agentEndpoints.teamTrend, async ({ req }) => agentTeam.trend(await self(req)));
    route(app, agentEndpoints.downlines, async ({ req, query }) => agentTeam.downlines(await self(req), query));
    route(app, agentEndpoints.transfer, async ({ req, body }) => agentTeam.transfer(await self(req), body));
    route(app, agentEndpoints.teamBets, async ({ req, query }) => agentTeam.bets(await self(req), query));
    route(app, agentEndpoints.profitLoss, async ({ req, query }) => agentTeam.profitLoss(await self(req), query));
    route(app, agentEndpoints.downlineTransactions, async ({ req, query }) =>
      agentTeam.transactions(await self(req), query),
    );
    route(app, agentEndpoints.accountDetails, async ({ req }) => agentTeam.account(await self(req)));
    route(app, agentEndpoints.income, async ({ req, query }) => agentTeam.income(await self(req), query));
  };
