import { agentContractEndpoints, operatorContractEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { operatorOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import { audit } from '../../operator/service.ts';
import { loadAgent } from '../service.ts';
import { listSettlements, runSettlementNow, settlementDetail } from './views.ts';

export const settlementRoutes = async (app: FastifyInstance) => {
  const ctx = app.ctx;
  route(app, agentContractEndpoints.settlements, async ({ req, query }) =>
    listSettlements(ctx, await loadAgent(ctx.db, req), query),
  );
  route(app, agentContractEndpoints.settlement, async ({ req, query }) =>
    settlementDetail(ctx, await loadAgent(ctx.db, req), query.id),
  );
  route(app, operatorContractEndpoints.runSettlement, async ({ req, body }) => {
    const op = operatorOf(req);
    const result = await runSettlementNow(ctx, op.merchantId, body.job, body.asOf);
    await audit(ctx.db, op, 'agent.settlement.run', body.job, { asOf: body.asOf ?? null, ...result }, req.ip);
    return result;
  });
};
