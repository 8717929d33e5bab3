import {
  ACCOUNT_MESSAGES,
  GATEWAY_VERSION,
  GATEWAY_VERSION_HEADER,
  sessionEndpoints as ep,
  verificationEndpoints,
} from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../../http/auth.ts';
import { AppError } from '../../../http/errors.ts';
import type { PayloadCrypto } from '../../../http/payload-crypto.ts';
import { route } from '../../../http/route.ts';
import type { MerchantService } from '../../merchant/service.ts';
import type { AccountService } from '../members/service.ts';
import { captchaClientId } from '../verification/policy.ts';
import type { VerificationService } from '../verification/service.ts';
import type { ClientInfo, LoginService } from './service.ts';

/** Who is asking, as the login, register and OAuth calls need it. */
export const clientOf = (req: FastifyRequest): ClientInfo => ({
  merchantId: req.merchantId,
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? '',
  captchaClientId: captchaClientId(req),
});

export interface LoginRoutesDeps {
  login: LoginService;
  accounts: Pick<AccountService, 'findByMobile'>;
  verification: Pick<VerificationService, 'sendSmsCode' | 'checkCaptcha'>;
  merchants: Pick<MerchantService, 'brand'>;
  /** Publishes the key the login and register forms seal their bodies with (decision 006). */
  payloadCrypto: Pick<PayloadCrypto, 'publicInfo'>;
}

const notEnabled = () => new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403);

/** Logging in by username or SMS code, free play, and the key that seals the credentials. */
export const loginRoutes =
  ({ login, accounts, verification, merchants, payloadCrypto }: LoginRoutesDeps) =>
  async (app: FastifyInstance) => {
    route(app, ep.login, ({ body, req }) =>
      body.type === 'username' ? login.loginWithPassword(clientOf(req), body) : login.loginWithSms(clientOf(req), body),
    );

    route(app, ep.freePlay, ({ body, req }) => {
      if (req.headers[GATEWAY_VERSION_HEADER] !== GATEWAY_VERSION) {
        throw new AppError('UNSUPPORTED_GATEWAY_VERSION', ACCOUNT_MESSAGES.UNSUPPORTED_GATEWAY_VERSION, 400);
      }
      return login.freePlay(clientOf(req), body.os);
    });

    route(app, ep.createSignInCode, ({ req }) => login.createSignInCode(memberOf(req)));
    route(app, ep.exchangeSignInCode, ({ body, req }) => login.exchangeSignInCode(clientOf(req), body.code));

    route(app, ep.encryptionKey, async ({ reply }) => {
      reply.header('cache-control', 'no-cache');
      return payloadCrypto.publicInfo();
    });

    // Codes for SMS login and reset by phone. Only registered numbers get one, but every caller
    // gets the same answer: the call cannot be used to find members or to pump SMS to strangers.
    route(app, verificationEndpoints.smsNoLogin, async ({ body, req }) => {
      const features = (await merchants.brand(req.merchantId)).merchant.features;
      if (!features.smsLogin && !features.phoneVerification) throw notEnabled();
      const member = await accounts.findByMobile(req.merchantId, body.countryDialingCode, body.mobileNum);
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
  };
