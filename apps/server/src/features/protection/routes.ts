import { protectionEndpoints as ep, protectionOperatorEndpoints as op } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { ProtectionService } from './service.ts';

/** Player protection: the member's own page and the operators' desk (issue 24, decision 062). */
export const protectionRoutes =
  ({ protection, config }: { protection: ProtectionService; config: { DEMO_MODE: boolean } }) =>
  async (app: FastifyInstance) => {
    const me = (req: Parameters<typeof memberOf>[0]) => {
      const m = memberOf(req);
      return { merchantId: m.merchantId, memberId: m.memberId, sessionId: m.sessionId };
    };
    route(app, ep.status, ({ req }) => protection.status(me(req), me(req).sessionId));
    route(app, ep.setLimit, ({ req, body }) => protection.setLimit(me(req), body.limit, body.amount));
    route(app, ep.confirmLimit, ({ req, body }) => protection.confirmLimit(me(req), body.limit));
    route(app, ep.timeOut, ({ req, body }) => protection.timeOut(me(req), body.period));
    route(app, ep.exclude, ({ req, body }) => protection.exclude(me(req), body.period));
    route(app, ep.realityCheck, ({ req, body }) => protection.setRealityCheck(me(req), body.minutes));
    route(app, ep.session, ({ req }) => protection.sessionFigures(me(req), me(req).sessionId));
    // Moving the clock is a demo and test aid: in production the path does not exist.
    if (config.DEMO_MODE) route(app, ep.demoElapse, ({ req, body }) => protection.demoElapse(me(req), body.hours));

    route(app, op.settings, ({ req }) => protection.settings(operatorOf(req).merchantId));
    route(app, op.saveSettings, ({ req, body }) => protection.saveSettings(operatorOf(req), body, req.ip));
    route(app, op.members, ({ req, query }) => protection.members(operatorOf(req), query));
    route(app, op.member, ({ req, query }) => protection.member(operatorOf(req), query.memberId));
    route(app, op.tighten, ({ req, body }) => protection.tighten(operatorOf(req), body, req.ip));
    route(app, op.exclude, ({ req, body }) => protection.operatorRestrict(operatorOf(req), body, req.ip));
  };
