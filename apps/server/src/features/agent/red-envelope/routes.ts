import { agentEndpoints, memberRedEnvelopeEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import type { AgentService } from '../service.ts';
import type { RedEnvelopeService } from './service.ts';

export const redEnvelopeRoutes =
  ({ agents, redEnvelopes }: { agents: AgentService; redEnvelopes: RedEnvelopeService }) =>
  async (app: FastifyInstance) => {
    route(app, agentEndpoints.sendRedEnvelope, async ({ req, body }) =>
      redEnvelopes.send(await agents.self(memberOf(req)), body),
    );
    route(app, agentEndpoints.redEnvelopes, async ({ req, query }) =>
      redEnvelopes.listSent(await agents.self(memberOf(req)), query),
    );
    route(app, agentEndpoints.redEnvelope, async ({ req, query }) =>
      redEnvelopes.detail(await agents.self(memberOf(req)), query.id),
    );
    route(app, memberRedEnvelopeEndpoints.list, ({ req, query }) => redEnvelopes.listForMember(memberOf(req), query));
    route(app, memberRedEnvelopeEndpoints.claim, ({ req, body }) => redEnvelopes.claim(memberOf(req), body.id));
  };
