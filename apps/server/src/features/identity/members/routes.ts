import { memberEndpoints as m } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { AuditLog } from '../../operator/service.ts';
import { memberOf, operatorOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import type { AccountService } from './service.ts';

export interface MemberRoutesDeps {
  accounts: AccountService;
  /** A change of the account settings is audited. */
  audit: AuditLog;
}

/** The member's own info, avatar and login history; the brand's account settings for operators. */
export const memberRoutes =
  ({ accounts, audit }: MemberRoutesDeps) =>
  async (app: FastifyInstance) => {
    route(app, m.info, ({ req }) => accounts.memberInfo(req.merchantId, memberOf(req).memberId));
    route(app, m.icon, ({ body, req }) => accounts.setAvatar(req.merchantId, memberOf(req).memberId, body.avatar));
    route(app, m.logins, ({ query, req }) => accounts.logins(memberOf(req).memberId, query.limit));

    route(app, m.accountSettings, ({ req }) => accounts.settings(operatorOf(req).merchantId));
    route(app, m.updateAccountSettings, async ({ body, req }) => {
      const op = operatorOf(req);
      const before = await accounts.settings(op.merchantId);
      const value = await accounts.updateSettings(op.merchantId, body);
      await audit(op, 'account.settings', 'account-settings', { before, after: value }, req.ip);
      return value;
    });
  };
