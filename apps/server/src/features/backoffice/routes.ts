import { backofficeEndpoints as ep, reportsEndpoints as rep } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { DashboardService } from './dashboard/service.ts';
import type { MembersDesk } from './members/service.ts';
import type { ReportsService } from './reports/service.ts';

/** The operator's back office: the dashboard and the members desk (issue 21, decision 069). */
export const backofficeRoutes =
  ({
    dashboard,
    membersDesk: desk,
    reports,
  }: {
    dashboard: DashboardService;
    membersDesk: MembersDesk;
    reports: ReportsService;
  }) =>
  async (app: FastifyInstance) => {
    route(app, ep.dashboard, ({ req, query }) => dashboard.dashboard(operatorOf(req).merchantId, query));
    route(app, ep.members, ({ req, query }) => desk.search(operatorOf(req).merchantId, query));
    route(app, ep.member, ({ req, query }) => desk.page(operatorOf(req).merchantId, query.id));
    route(app, ep.freeze, ({ req, body }) => desk.freeze(operatorOf(req), body, req.ip));
    route(app, ep.unfreeze, ({ req, body }) => desk.unfreeze(operatorOf(req), body, req.ip));
    route(app, ep.forceLogout, ({ req, body }) => desk.forceLogout(operatorOf(req), body, req.ip));
    route(app, ep.resetPassword, ({ req, body }) => desk.resetPassword(operatorOf(req), body, req.ip));
    route(app, ep.clearLocks, ({ req, body }) => desk.clearLocks(operatorOf(req), body, req.ip));
    route(app, ep.changeType, ({ req, body }) => desk.changeType(operatorOf(req), body, req.ip));
    route(app, ep.move, ({ req, body }) => desk.move(operatorOf(req), body, req.ip));
    route(app, ep.addNote, ({ req, body }) => desk.addNote(operatorOf(req), body, req.ip));
    // Reports and test accounts (decision 084).
    route(app, rep.days, ({ req, query }) => reports.days(operatorOf(req).merchantId, query));
    route(app, rep.games, ({ req, query }) => reports.games(operatorOf(req).merchantId, query));
    route(app, rep.teams, ({ req, query }) => reports.teams(operatorOf(req).merchantId, query));
    route(app, rep.members, ({ req, query }) => reports.members(operatorOf(req).merchantId, query));
    route(app, rep.statement, ({ req, query }) => reports.statement(operatorOf(req).merchantId, query));
    route(app, rep.markTest, ({ req, body }) => desk.markTest(operatorOf(req), body, req.ip));
    route(app, rep.unmarkTest, ({ req, body }) => desk.unmarkTest(operatorOf(req), body, req.ip));
  };
