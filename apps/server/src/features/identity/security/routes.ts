import { memberEndpoints as m, verificationEndpoints as v } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import type { AccountService } from '../members/service.ts';
import type { SecurityCentre } from './service.ts';

export interface SecurityRoutesDeps {
  security: SecurityCentre;
  /** The security profile every change answers with. */
  accounts: Pick<AccountService, 'security'>;
}

/** The security centre: profile, re-authentication, payment password, binding, authenticator. */
export const securityRoutes =
  ({ security, accounts }: SecurityRoutesDeps) =>
  async (app: FastifyInstance) => {
    route(app, m.security, ({ req }) => accounts.security(req.merchantId, memberOf(req).memberId));
    route(app, m.profile, ({ body, req }) => security.updateProfile(memberOf(req), body));
    route(app, m.reauth, ({ body, req }) => security.reauth(memberOf(req), body.password));
    route(app, m.paymentPassword, ({ body, req }) => security.setPaymentPassword(memberOf(req), body));
    route(app, v.smsBind, ({ body, req }) => security.sendMobileCode(memberOf(req), body, req.ip));
    route(app, m.bindMobile, ({ body, req }) => security.bindMobile(memberOf(req), body));
    route(app, v.emailBind, ({ body, req }) => security.sendEmailCode(memberOf(req), body, req.ip));
    route(app, m.bindEmail, ({ body, req }) => security.bindEmail(memberOf(req), body));
    route(app, m.totpSetup, ({ body, req }) => security.totpSetup(memberOf(req), body.reauthToken));
    route(app, m.totpEnable, ({ body, req }) => security.totpEnable(memberOf(req), body.code));
    route(app, m.totpDisable, ({ body, req }) => security.totpDisable(memberOf(req), body));
  };
