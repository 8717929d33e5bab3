import { agentContractEndpoints, operatorContractEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import type { AuditLog } from '../../operator/service.ts';
import type { AgentService } from '../service.ts';
import type { AgentSettlementService } from './service.ts';

export const settlementRoutes =
  ({ agents, agentSettlement }: { agents: AgentService; agentSettlement: AgentSettlementService }, audit: AuditLog) =>
  async (app: FastifyInstance) => {
    route(app, agentContractEndpoints.settlements, async ({ req, query }) =>
      agentSettlement.list(await agents.self(memberOf(req)), query),
    );
    route(app, agentContractEndpoints.settlement, async ({ req, query }) =>
      agentSettlement.detail(await agents.self(memberOf(req)), query.id),
    );
    route(app, operatorContractEndpoints.runSettlement, async ({ req, body }) => {
      const op = operatorOf(req);
      const result = await agentSettlement.runNow(op.merchantId, body.job, body.asOf);
      await audit(op, 'agent.settlement.run', body.job, { asOf: body.asOf ?? null, ...result }, req.ip);
      return result;
    });
  };
