import { agentEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { loadAgent } from '../service.ts';
import { incomeReport } from '../settlement/views.ts';
import { teamOverview } from '../stats/service.ts';
import { periodValue, resolvePeriod } from './period.ts';
import {
  accountDetails,
  downlineRows,
  downlineTransactions,
  profitLoss,
  teamBets,
  transferToDownline,
} from './service.ts';

export const teamRoutes = async (app: FastifyInstance) => {
  const ctx = app.ctx;
  const tz = async (merchantId: number) => (await ctx.merchants.brand(merchantId)).merchant.timezone;
  route(app, agentEndpoints.teamOverview, async ({ req, query }) => {
    const agent = await loadAgent(ctx.db, req);
    const p = resolvePeriod(query, await tz(agent.merchantId));
    return { period: periodValue(p), ...(await teamOverview(ctx.db, agent, p)) };
  });
  route(app, agentEndpoints.downlines, async ({ req, query }) =>
    downlineRows(ctx, await loadAgent(ctx.db, req), query),
  );
  route(app, agentEndpoints.transfer, async ({ req, body }) =>
    transferToDownline(ctx, await loadAgent(ctx.db, req), body),
  );
  route(app, agentEndpoints.teamBets, async ({ req, query }) => teamBets(ctx, await loadAgent(ctx.db, req), query));
  route(app, agentEndpoints.profitLoss, async ({ req, query }) => profitLoss(ctx, await loadAgent(ctx.db, req), query));
  route(app, agentEndpoints.downlineTransactions, async ({ req, query }) =>
    downlineTransactions(ctx, await loadAgent(ctx.db, req), query),
  );
  route(app, agentEndpoints.accountDetails, async ({ req }) => accountDetails(ctx, await loadAgent(ctx.db, req)));
  route(app, agentEndpoints.income, async ({ req, query }) => {
    const agent = await loadAgent(ctx.db, req);
    const p = resolvePeriod(query, await tz(agent.merchantId));
    return { period: periodValue(p), ...(await incomeReport(ctx, agent, p)) };
  });
};
