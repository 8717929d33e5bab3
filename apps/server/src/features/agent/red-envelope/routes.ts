import { agentEndpoints, memberRedEnvelopeEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import { loadAgent } from '../service.ts';
import { claimEnvelope, envelopeDetail, listForMember, listSent, sendEnvelope } from './service.ts';

export const redEnvelopeRoutes = async (app: FastifyInstance) => {
  const ctx = app.ctx;
  route(app, agentEndpoints.sendRedEnvelope, async ({ req, body }) =>
    sendEnvelope(ctx, await loadAgent(ctx.db, req), body),
  );
  route(app, agentEndpoints.redEnvelopes, async ({ req, query }) => listSent(ctx, await loadAgent(ctx.db, req), query));
  route(app, agentEndpoints.redEnvelope, async ({ req, query }) =>
    envelopeDetail(ctx, await loadAgent(ctx.db, req), query.id),
  );
  route(app, memberRedEnvelopeEndpoints.list, ({ req, query }) => listForMember(ctx, memberOf(req), query));
  route(app, memberRedEnvelopeEndpoints.claim, ({ req, body }) => claimEnvelope(ctx, memberOf(req), body.id));
};
