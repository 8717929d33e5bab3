import { operatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { isUnderMaintenance } from '../system/service.ts';
import { audit, operatorLogin, validateRegion } from './service.ts';

export const operatorRoutes = async (app: FastifyInstance) => {
  const ctx = app.ctx;
  route(app, operatorEndpoints.login, ({ body, req }) =>
    operatorLogin(ctx, { merchantId: req.merchantId, ...body, ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }),
  );
  route(app, operatorEndpoints.logout, async ({ req }) => {
    const op = operatorOf(req);
    await ctx.sessions.revoke(op.sessionId, 'logout');
    return null;
  });
  route(app, operatorEndpoints.settings, async ({ req }) => {
    const brand = await ctx.merchants.brand(operatorOf(req).merchantId);
    const m = brand.merchant;
    return {
      maintenance: {
        enabled: isUnderMaintenance(brand),
        endTime: m.maintenanceEndTime?.toISOString() ?? null,
        message: m.maintenanceMessage,
      },
      region: {
        blockedCountries: m.blockedCountries,
        allowedCountries: m.allowedCountries,
        cidrAllow: m.cidrAllow,
        cidrBlock: m.cidrBlock,
      },
    };
  });
  route(app, operatorEndpoints.setMaintenance, async ({ body, req }) => {
    const op = operatorOf(req);
    const endTime = body.endTime ? new Date(body.endTime) : null;
    await ctx.merchants.update(op.merchantId, {
      maintenanceEnabled: body.enabled,
      maintenanceEndTime: endTime,
      maintenanceMessage: body.message,
    });
    await audit(ctx.db, op, 'system.maintenance', String(op.merchantId), { ...body }, req.ip);
    return { enabled: body.enabled, endTime: endTime?.toISOString() ?? null, message: body.message };
  });
  route(app, operatorEndpoints.setRegion, async ({ body, req }) => {
    const op = operatorOf(req);
    validateRegion(body);
    await ctx.merchants.update(op.merchantId, body);
    await audit(ctx.db, op, 'system.region', String(op.merchantId), { ...body }, req.ip);
    return body;
  });
};
