import { agentContractEndpoints, operatorContractEndpoints } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf, operatorOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import { audit } from '../../operator/service.ts';
import { loadAgent } from '../service.ts';
import { actOnContract } from './act.ts';
import { offerContract } from './offer.ts';
import type { Party } from './service.ts';
import { consolidatedFlags, contractDetail, listContracts } from './views.ts';

export const contractRoutes = async (app: FastifyInstance) => {
  const ctx = app.ctx;
  const agent = async (req: FastifyRequest): Promise<Party> => ({ kind: 'agent', agent: await loadAgent(ctx.db, req) });
  const house = (req: FastifyRequest): Party & { kind: 'house' } => {
    const op = operatorOf(req);
    return { kind: 'house', merchantId: op.merchantId, operatorId: op.operatorId };
  };

  route(app, agentContractEndpoints.consolidated, ({ req }) => consolidatedFlags(ctx, memberOf(req)));
  route(app, agentContractEndpoints.contracts, async ({ req, query }) => listContracts(ctx, await agent(req), query));
  route(app, agentContractEndpoints.contract, async ({ req, query }) =>
    contractDetail(ctx, await agent(req), query.id),
  );
  route(app, agentContractEndpoints.offer, async ({ req, body }) => offerContract(ctx, await agent(req), body));
  route(app, agentContractEndpoints.act, async ({ req, body }) => actOnContract(ctx, await agent(req), body));

  route(app, operatorContractEndpoints.contracts, ({ req, query }) => listContracts(ctx, house(req), query));
  route(app, operatorContractEndpoints.offer, async ({ req, body }) => {
    const p = house(req);
    const view = await offerContract(ctx, p, body);
    await audit(
      ctx.db,
      operatorOf(req),
      'agent.contract.offer',
      String(view.id),
      { downlineId: body.downlineId, kind: body.terms.kind },
      req.ip,
    );
    return view;
  });
  route(app, operatorContractEndpoints.act, async ({ req, body }) => {
    const view = await actOnContract(ctx, house(req), body);
    await audit(ctx.db, operatorOf(req), `agent.contract.${body.action}`, String(body.contractId), {}, req.ip);
    return view;
  });
};
