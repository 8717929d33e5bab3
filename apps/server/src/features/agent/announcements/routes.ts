import { agentEndpoints, operatorAgentAnnouncementEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../../http/auth.ts';
import { requestLanguage } from '../../../http/language.ts';
import { route } from '../../../http/route.ts';
import { audit } from '../../operator/service.ts';
import { allAnnouncements, createAnnouncement, liveAnnouncements, updateAnnouncement } from './service.ts';

export const announcementRoutes = async (app: FastifyInstance) => {
  const ctx = app.ctx;
  route(app, agentEndpoints.announcements, ({ req, query }) =>
    liveAnnouncements(ctx, memberOf(req).merchantId, requestLanguage(req), query),
  );
  route(app, operatorAgentAnnouncementEndpoints.list, ({ req, query }) =>
    allAnnouncements(ctx, operatorOf(req).merchantId, query),
  );
  route(app, operatorAgentAnnouncementEndpoints.create, async ({ req, body }) => {
    const op = operatorOf(req);
    const row = await createAnnouncement(ctx, op, body);
    await audit(ctx.db, op, 'agent.announcement.create', String(row.id), { title: body.title }, req.ip);
    return row;
  });
  route(app, operatorAgentAnnouncementEndpoints.update, async ({ req, body }) => {
    const op = operatorOf(req);
    const { id, ...rest } = body;
    const row = await updateAnnouncement(ctx, op.merchantId, id, rest);
    await audit(ctx.db, op, 'agent.announcement.update', String(id), { enabled: body.enabled }, req.ip);
    return row;
  });
};
