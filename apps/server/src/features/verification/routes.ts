import { ACCOUNT_MESSAGES, verificationEndpoints as ep } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { countryOf } from '../system/region.ts';
import { COUNTRY_LIST, defaultCountryFor } from './countries.ts';
import { CAPTCHA_COOKIE, captchaCookie, readCookie } from './policy.ts';
import { VerificationService } from './service.ts';

export const captchaClientId = (req: FastifyRequest) => readCookie(req.headers.cookie, CAPTCHA_COOKIE);

const ensureClientId = (req: FastifyRequest, reply: FastifyReply, secure: boolean) => {
  const existing = captchaClientId(req);
  if (existing) return existing;
  const id = VerificationService.newClientId();
  reply.header('set-cookie', captchaCookie(id, secure));
  return id;
};

const notEnabled = () => new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403);

export const verificationRoutes = async (app: FastifyInstance) => {
  const ctx = app.ctx;
  const { verification, members, security } = ctx.accounts;
  const secure = ctx.config.PUBLIC_BASE_URL.startsWith('https://');

  route(app, ep.captcha, async ({ req, reply }) => {
    reply.header('cache-control', 'no-store');
    return verification.issueCaptcha(ensureClientId(req, reply, secure), req.ip);
  });

  // Codes for SMS login and reset by phone. Only registered numbers get one, but every caller
  // gets the same answer: the call cannot be used to find members or to pump SMS to strangers.
  route(app, ep.smsNoLogin, async ({ body, req }) => {
    const features = (await ctx.merchants.brand(req.merchantId)).merchant.features;
    if (!features.smsLogin && !features.phoneVerification) throw notEnabled();
    const member = await members.findByMobile(req.merchantId, body.countryDialingCode, body.mobileNum);
    return verification.sendSmsCode({
      merchantId: req.merchantId,
      purpose: 'noLogin',
      countryDialingCode: body.countryDialingCode,
      mobile: body.mobileNum,
      ip: req.ip,
      memberId: member?.id ?? null,
      captcha: () => verification.checkCaptcha(captchaClientId(req), body.captcha),
      deliver: !!member && member.status === 'active',
    });
  });

  route(app, ep.smsRegister, async ({ body, req }) => {
    const setting = (await ctx.merchants.brand(req.merchantId)).merchant.registerSetting;
    const mobileField = setting.fields.find((f) => f.field === 'mobileNum');
    if (!setting.mobileRegistration && !mobileField?.enabled) throw notEnabled();
    if (await members.findByMobile(req.merchantId, body.countryDialingCode, body.mobileNum)) {
      throw new AppError('MOBILE_TAKEN', ACCOUNT_MESSAGES.MOBILE_TAKEN, 409, null, {
        mobileNum: ACCOUNT_MESSAGES.MOBILE_TAKEN,
      });
    }
    return verification.sendSmsCode({
      merchantId: req.merchantId,
      purpose: 'register',
      countryDialingCode: body.countryDialingCode,
      mobile: body.mobileNum,
      ip: req.ip,
      captcha: () => verification.checkCaptcha(captchaClientId(req), body.captcha),
    });
  });

  route(app, ep.smsBind, ({ body, req }) => security.sendMobileCode(memberOf(req), body, req.ip));
  route(app, ep.emailBind, ({ body, req }) => security.sendEmailCode(memberOf(req), body, req.ip));

  route(app, ep.countries, async ({ req }) => {
    const brand = await ctx.merchants.brand(req.merchantId);
    return { defaultCountryCode: defaultCountryFor(countryOf(req.ip), brand.merchant.currency), list: COUNTRY_LIST };
  });

  // The developer outbox exists only in demo mode; elsewhere the path is simply unknown.
  if (ctx.config.DEMO_MODE) {
    route(app, ep.devOutbox, ({ query, req }) => verification.outbox(req.merchantId, query.to, query.limit));
  }
};
