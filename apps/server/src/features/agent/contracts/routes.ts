import { agentContractEndpoints, operatorContractEndpoints } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf, operatorOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import type { AuditLog } from '../../operator/service.ts';
import type { AgentService } from '../service.ts';
import type { AgentContractService, Party } from './service.ts';

export const contractRoutes =
  ({ agents, agentContracts }: { agents: AgentService; agentContracts: AgentContractService }, audit: AuditLog) =>
  async (app: FastifyInstance) => {
    const agent = async (req: FastifyRequest): Promise<Party> => ({
      kind: 'agent',
      agent: await agents.self(memberOf(req)),
    });
    const house = (req: FastifyRequest): Party & { kind: 'house' } => {
      const op = operatorOf(req);
      return { kind: 'house', merchantId: op.merchantId, operatorId: op.operatorId };
    };

    route(app, agentContractEndpoints.consolidated, ({ req }) => agentContracts.consolidatedFlags(memberOf(req)));
    route(app, agentContractEndpoints.contracts, async ({ req, query }) =>
      agentContracts.list(await agent(req), query),
    );
    route(app, agentContractEndpoints.contract, async ({ req, query }) =>
      agentContracts.detail(await agent(req), query.id),
    );
    route(app, agentContractEndpoints.offer, async ({ req, body }) => agentContracts.offer(await agent(req), body));
    route(app, agentContractEndpoints.act, async ({ req, body }) => agentContracts.act(await agent(req), body));

    route(app, operatorContractEndpoints.contracts, ({ req, query }) => agentContracts.list(house(req), query));
    route(app, operatorContractEndpoints.offer, async ({ req, body }) => {
      const view = await agentContracts.offer(house(req), body);
      await audit(
        operatorOf(req),
        'agent.contract.offer',
        String(view.id),
        { downlineId: body.downlineId, kind: body.terms.kind },
        req.ip,
      );
      return view;
    });
    route(app, operatorContractEndpoints.act, async ({ req, body }) => {
      const view = await agentContracts.act(house(req), body);
      await audit(operatorOf(req), `agent.contract.${body.action}`, String(body.contractId), {}, req.ip);
      return view;
    });
  };
