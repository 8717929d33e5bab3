import { contentEndpoints, operatorContentEndpoints as op } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { operatorOf } from '../../http/auth.ts';
import { requestLanguage } from '../../http/language.ts';
import { route } from '../../http/route.ts';
import type { OperatorService } from '../operator/service.ts';
import type { ContentService } from './service.ts';

/** The audit's before and after of an edit: only the fields that changed. */
const changes = (before: Record<string, unknown> | null, after: Record<string, unknown>) => {
  if (!before) return { before, after };
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
};

export const contentRoutes =
  ({ content, operators }: { content: ContentService; operators: OperatorService }) =>
  async (app: FastifyInstance) => {
    route(app, contentEndpoints.listAnnouncements, ({ query, req }) =>
      content.announcements(
        req.merchantId,
        { isMember: req.actor?.kind === 'member' },
        {
          ...query,
          language: requestLanguage(req, query.language),
        },
      ),
    );
    route(app, contentEndpoints.gameAnnouncements, async ({ query, req }) => ({
      list: await content.gameAnnouncements(req.merchantId, {
        ...query,
        language: requestLanguage(req, query.language),
      }),
    }));
    route(app, contentEndpoints.help, async ({ query, req }) => ({
      list: await content.help(req.merchantId, requestLanguage(req, query.lang)),
    }));
    route(app, contentEndpoints.resources, async ({ query, req }) => ({
      list: await content.resources(req.merchantId, query.resourceType),
    }));
    route(app, contentEndpoints.customerService, async ({ req }) => ({
      list: await content.customerService(req.merchantId),
    }));
    route(app, contentEndpoints.mirrorDomains, ({ req }) => content.mirrorDomains(req.merchantId));

    /* Operator management; every change lands in the audit log. */
    const m = content.manage;
    route(app, op.listBanners, async ({ req }) => ({ list: await m.listBanners(operatorOf(req).merchantId) }));
    route(app, op.createBanner, async ({ body, req }) => {
      const o = operatorOf(req);
      const out = await m.createBanner(o.merchantId, body);
      await operators.audit(o, 'content.banner.create', `banner:${out.id}`, { before: null, after: out }, req.ip);
      return out;
    });
    route(app, op.updateBanner, async ({ body, req }) => {
      const o = operatorOf(req);
      const before = await m.banner(o.merchantId, body.id);
      const out = await m.updateBanner(o.merchantId, body);
      await operators.audit(o, 'content.banner.update', `banner:${out.id}`, changes(before, out), req.ip);
      return out;
    });
    route(app, op.deleteBanner, async ({ query, req }) => {
      const o = operatorOf(req);
      const before = await m.banner(o.merchantId, query.id);
      const deleted = await m.deleteBanner(o.merchantId, query.id);
      if (deleted)
        await operators.audit(o, 'content.banner.delete', `banner:${query.id}`, { before, after: null }, req.ip);
      return { deleted };
    });

    route(app, op.listAnnouncements, async ({ req }) => ({
      list: await m.listAnnouncements(operatorOf(req).merchantId),
    }));
    route(app, op.createAnnouncement, async ({ body, req }) => {
      const o = operatorOf(req);
      const out = await m.createAnnouncement(o.merchantId, body);
      await operators.audit(
        o,
        'content.announcement.create',
        `announcement:${out.id}`,
        { before: null, after: out },
        req.ip,
      );
      return out;
    });
    route(app, op.updateAnnouncement, async ({ body, req }) => {
      const o = operatorOf(req);
      const before = await m.announcement(o.merchantId, body.id);
      const out = await m.updateAnnouncement(o.merchantId, body);
      await operators.audit(o, 'content.announcement.update', `announcement:${out.id}`, changes(before, out), req.ip);
      return out;
    });
    route(app, op.deleteAnnouncement, async ({ query, req }) => {
      const o = operatorOf(req);
      const before = await m.announcement(o.merchantId, query.id);
      const deleted = await m.deleteAnnouncement(o.merchantId, query.id);
      if (deleted)
        await operators.audit(
          o,
          'content.announcement.delete',
          `announcement:${query.id}`,
          { before, after: null },
          req.ip,
        );
      return { deleted };
    });

    const d = content.domains;
    route(app, op.listDomains, async ({ req }) => ({ list: await d.list(operatorOf(req).merchantId) }));
    route(app, op.createDomain, async ({ body, req }) => {
      const o = operatorOf(req);
      const out = await d.create(o.merchantId, body);
      await operators.audit(o, 'content.domain.create', String(out.id), { ...body }, req.ip);
      return out;
    });
    route(app, op.updateDomain, async ({ body, req }) => {
      const o = operatorOf(req);
      const out = await d.update(o.merchantId, body);
      await operators.audit(o, 'content.domain.update', String(out.id), { ...body }, req.ip);
      return out;
    });
    route(app, op.deleteDomain, async ({ query, req }) => {
      const o = operatorOf(req);
      const deleted = await d.remove(o.merchantId, query.id);
      if (deleted) await operators.audit(o, 'content.domain.delete', String(query.id), {}, req.ip);
      return { deleted };
    });
    route(app, op.setDomainOrder, async ({ body, req }) => {
      const o = operatorOf(req);
      const list = await d.reorder(o.merchantId, body.ids);
      await operators.audit(o, 'content.domain.order', 'mirrors', { ids: body.ids }, req.ip);
      return { list };
    });

    const site = content.site;
    route(app, op.links, ({ req }) => site.links(operatorOf(req).merchantId));
    route(app, op.setLinks, async ({ body, req }) => {
      const o = operatorOf(req);
      const { before, after, value } = await site.setLinks(o.merchantId, body);
      await operators.audit(o, 'content.links.update', 'links', { before, after }, req.ip);
      return value;
    });
    route(app, op.brand, ({ req }) => site.settings(operatorOf(req).merchantId));
    route(app, op.setBrand, async ({ body, req }) => {
      const o = operatorOf(req);
      const { before, after, value } = await site.setBrand(o.merchantId, body);
      await operators.audit(o, 'brand.settings', 'brand', { before, after }, req.ip);
      return value;
    });

    route(app, op.listHelp, async ({ req }) => ({ list: await m.listHelp(operatorOf(req).merchantId) }));
    route(app, op.createHelp, async ({ body, req }) => {
      const o = operatorOf(req);
      const out = await m.createHelp(o.merchantId, body);
      await operators.audit(
        o,
        'content.help.create',
        `help:${out.term}/${out.language}`,
        { before: null, after: out },
        req.ip,
      );
      return out;
    });
    route(app, op.updateHelp, async ({ body, req }) => {
      const o = operatorOf(req);
      const before = await m.help(o.merchantId, body.id);
      const out = await m.updateHelp(o.merchantId, body);
      await operators.audit(o, 'content.help.update', `help:${out.term}/${out.language}`, changes(before, out), req.ip);
      return out;
    });
    route(app, op.deleteHelp, async ({ query, req }) => {
      const o = operatorOf(req);
      const before = await m.help(o.merchantId, query.id);
      const deleted = await m.deleteHelp(o.merchantId, query.id);
      if (deleted)
        await operators.audit(
          o,
          'content.help.delete',
          `help:${before?.term}/${before?.language}`,
          { before, after: null },
          req.ip,
        );
      return { deleted };
    });
  };
