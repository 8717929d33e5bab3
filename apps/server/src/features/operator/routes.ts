import { operatorEndpoints as ep } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { operatorOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { captchaClientId } from '../identity/verification/policy.ts';
import type { OperatorAccounts } from './account/service.ts';
import type { OperatorDesk } from './desk/service.ts';
import type { OperatorService } from './service.ts';

export interface OperatorRoutesDeps {
  operators: OperatorService;
  operatorAccounts: OperatorAccounts;
  operatorDesk: OperatorDesk;
}

const idParam = (req: FastifyRequest) => {
  const r = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).safeParse(req.params);
  if (!r.success) throw notFound('No such operator');
  return r.data.id;
};

/** Who is asking, as the login guard counts it. */
const clientOf = (req: FastifyRequest) => ({
  merchantId: req.merchantId,
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? '',
  captchaClientId: captchaClientId(req),
});

export const operatorRoutes =
  ({ operators, operatorAccounts: accounts, operatorDesk: desk }: OperatorRoutesDeps) =>
  async (app: FastifyInstance) => {
    // The operator's session and own account.
    route(app, ep.login, ({ body, req }) => accounts.login(clientOf(req), body));
    route(app, ep.logout, async ({ req }) => {
      await accounts.logout(operatorOf(req));
      return null;
    });
    route(app, ep.me, ({ req }) => accounts.me(operatorOf(req)));
    route(app, ep.verifyTotp, ({ body, req }) => accounts.verifyTotp(operatorOf(req), body.code, clientOf(req)));
    route(app, ep.changePassword, ({ body, req }) => accounts.changePassword(operatorOf(req), body, clientOf(req)));
    route(app, ep.totpSetup, ({ req }) => accounts.totpSetup(operatorOf(req)));
    route(app, ep.totpEnable, ({ body, req }) => accounts.totpEnable(operatorOf(req), body.code, clientOf(req)));

    // The site's switches.
    route(app, ep.settings, ({ req }) => operators.siteSettings(operatorOf(req).merchantId));
    route(app, ep.setMaintenance, ({ body, req }) => operators.setMaintenance(operatorOf(req), body, req.ip));
    route(app, ep.setRegion, ({ body, req }) => operators.setRegion(operatorOf(req), body, req.ip));
    route(app, ep.setWinnersBoard, ({ body, req }) => operators.setWinnersBoard(operatorOf(req), body, req.ip));

    // The operators desk and the audit log (admin).
    route(app, ep.list, ({ req }) => desk.list(operatorOf(req)));
    route(app, ep.create, ({ body, req }) => desk.create(operatorOf(req), body, req.ip));
    route(app, ep.update, ({ body, req }) => desk.update(operatorOf(req), idParam(req), body, req.ip));
    route(app, ep.unlock, ({ req }) => desk.unlock(operatorOf(req), idParam(req), req.ip));
    route(app, ep.resetTotp, ({ req }) => desk.resetTotp(operatorOf(req), idParam(req), req.ip));
    route(app, ep.resetPassword, ({ req }) => desk.resetPassword(operatorOf(req), idParam(req), req.ip));
    route(app, ep.audit, ({ query, req }) => operators.auditPage(operatorOf(req).merchantId, query));
  };
