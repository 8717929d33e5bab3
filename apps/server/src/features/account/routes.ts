import { ACCOUNT_MESSAGES, memberEndpoints as m, registrationEndpoints as r } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { audit } from '../operator/service.ts';
import { captchaClientId } from '../verification/routes.ts';
import { changePassword, requestEmailReset, resetWithLink, resetWithSms } from './password.ts';
import { registerMember } from './register.ts';

const client = (req: FastifyRequest) => ({
  merchantId: req.merchantId,
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? '',
  captchaClientId: captchaClientId(req),
});

/** 'ag***1': enough for the visitor to recognise who invited them. */
const maskAccount = (s: string) => (s.length <= 3 ? `${s[0] ?? ''}***` : `${s.slice(0, 2)}***${s.slice(-1)}`);

export const accountRoutes = async (app: FastifyInstance) => {
  const ctx = app.ctx;
  const { members, security, login } = ctx.accounts;

  // The reset-by-e-mail call is form-encoded (spec §7).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  for (const [endpoint, mode] of [
    [r.register, 'username'],
    [r.registerMobile, 'mobile'],
  ] as const) {
    route(app, endpoint, async ({ body, req }) => {
      const c = client(req);
      const member = await registerMember(members, { ...c, mode, body });
      const value = body.login
        ? await login.completeLogin(c, member, { method: 'register', area: 'member', typedPassword: null })
        : null;
      return { memberId: String(member.id), account: member.username, login: value };
    });
  }

  route(app, r.affiliate, async ({ query, req }) => {
    if (query.domain) {
      const domainMerchant = await ctx.merchants.resolveId(query.domain);
      if (domainMerchant !== req.merchantId) {
        throw new AppError('INVALID_INVITATION_CODE', ACCOUNT_MESSAGES.INVALID_INVITATION_CODE, 404);
      }
    }
    const agent = await members.findAgentByAffiliateCode(req.merchantId, query.code);
    if (!agent?.affiliateCode)
      throw new AppError('INVALID_INVITATION_CODE', ACCOUNT_MESSAGES.INVALID_INVITATION_CODE, 404);
    return { code: agent.affiliateCode, agent: maskAccount(agent.username) };
  });

  route(app, m.info, ({ req }) => members.memberInfo(req.merchantId, memberOf(req).memberId));
  route(app, m.icon, ({ body, req }) => members.setAvatar(req.merchantId, memberOf(req).memberId, body.avatar));

  route(app, m.changePassword, async ({ body, req }) => {
    await changePassword(members, memberOf(req), body);
    return null;
  });
  route(app, m.passwordEmail, async ({ body, req }) => {
    await requestEmailReset(members, { merchantId: req.merchantId, ...body, ip: req.ip });
    return null;
  });
  route(app, m.passwordReset, async ({ body, req }) => {
    await resetWithLink(members, { merchantId: req.merchantId, ...body });
    return null;
  });
  route(app, m.passwordVerification, async ({ body, req }) => {
    await resetWithSms(members, { merchantId: req.merchantId, ...body });
    return null;
  });

  route(app, m.security, ({ req }) => members.security(req.merchantId, memberOf(req).memberId));
  route(app, m.profile, ({ body, req }) => security.updateProfile(memberOf(req), body));
  route(app, m.reauth, ({ body, req }) => security.reauth(memberOf(req), body.password));
  route(app, m.paymentPassword, ({ body, req }) => security.setPaymentPassword(memberOf(req), body));
  route(app, m.bindMobile, ({ body, req }) => security.bindMobile(memberOf(req), body));
  route(app, m.bindEmail, ({ body, req }) => security.bindEmail(memberOf(req), body));
  route(app, m.totpSetup, ({ body, req }) => security.totpSetup(memberOf(req), body.reauthToken));
  route(app, m.totpEnable, ({ body, req }) => security.totpEnable(memberOf(req), body.code));
  route(app, m.totpDisable, ({ body, req }) => security.totpDisable(memberOf(req), body));
  route(app, m.logins, ({ query, req }) => members.logins(memberOf(req).memberId, query.limit));

  route(app, m.accountSettings, ({ req }) => members.settings(operatorOf(req).merchantId));
  route(app, m.updateAccountSettings, async ({ body, req }) => {
    const op = operatorOf(req);
    const value = await members.updateSettings(op.merchantId, body);
    // The default password is a secret of the staff: the audit log notes that it changed, not its value.
    const { defaultPassword, ...rest } = body;
    await audit(
      ctx.db,
      op,
      'account.settings',
      String(op.merchantId),
      { ...rest, defaultPasswordSet: !!defaultPassword },
      req.ip,
    );
    return value;
  });
};
