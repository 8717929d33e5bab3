import { agentEndpoints, operatorAgentAnnouncementEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../../http/auth.ts';
import { requestLanguage } from '../../../http/language.ts';
import { route } from '../../../http/route.ts';
import type { AuditLog } from '../../operator/service.ts';
import type { AgentAnnouncementService } from './service.ts';

export const announcementRoutes =
  ({ agentAnnouncements }: { agentAnnouncements: AgentAnnouncementService }, audit: AuditLog) =>
  async (app: FastifyInstance) => {
    route(app, agentEndpoints.announcements, ({ req, query }) =>
      agentAnnouncements.live(memberOf(req).merchantId, requestLanguage(req), query),
    );
    route(app, operatorAgentAnnouncementEndpoints.list, ({ req, query }) =>
      agentAnnouncements.all(operatorOf(req).merchantId, query),
    );
    route(app, operatorAgentAnnouncementEndpoints.create, async ({ req, body }) => {
      const op = operatorOf(req);
      const row = await agentAnnouncements.create(op, body);
      await audit(op, 'agent.announcement.create', String(row.id), { title: body.title }, req.ip);
      return row;
    });
    route(app, operatorAgentAnnouncementEndpoints.update, async ({ req, body }) => {
      const op = operatorOf(req);
      const { id, ...rest } = body;
      const row = await agentAnnouncements.update(op.merchantId, id, rest);
      await audit(op, 'agent.announcement.update', String(id), { enabled: body.enabled }, req.ip);
      return row;
    });
  };
