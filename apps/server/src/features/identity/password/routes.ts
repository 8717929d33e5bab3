import { memberEndpoints as m } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import type { PasswordService } from './service.ts';

/** Changing the password, and resetting it by e-mailed link or SMS code. */
export const passwordRoutes =
  ({ passwords }: { passwords: PasswordService }) =>
  async (app: FastifyInstance) => {
    // The reset-by-e-mail call is form-encoded (spec §7, `bodyType: 'form'` in the contract).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    route(app, m.changePassword, async ({ body, req }) => {
      await passwords.change(memberOf(req), body);
      return null;
    });
    route(app, m.passwordEmail, async ({ body, req }) => {
      await passwords.requestEmailReset({ merchantId: req.merchantId, ...body, ip: req.ip });
      return null;
    });
    route(app, m.passwordReset, async ({ body, req }) => {
      await passwords.resetWithLink({ merchantId: req.merchantId, ...body });
      return null;
    });
    route(app, m.passwordVerification, async ({ body, req }) => {
      await passwords.resetWithSms({ merchantId: req.merchantId, ip: req.ip, ...body });
      return null;
    });
  };
