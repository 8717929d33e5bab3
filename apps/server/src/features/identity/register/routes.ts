import { ACCOUNT_MESSAGES, registrationEndpoints as r, verificationEndpoints as v } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../http/errors.ts';
import { route } from '../../../http/route.ts';
import type { MerchantService } from '../../merchant/service.ts';
import { clientOf } from '../login/routes.ts';
import type { LoginService } from '../login/service.ts';
import type { AccountService } from '../members/service.ts';
import { captchaClientId } from '../verification/policy.ts';
import type { VerificationService } from '../verification/service.ts';
import type { RegistrationService } from './service.ts';

export interface RegisterRoutesDeps {
  registration: RegistrationService;
  /** A registration may log the new member in at once. */
  login: Pick<LoginService, 'completeLogin'>;
  accounts: Pick<AccountService, 'findAgentByAffiliateCode' | 'findByMobile'>;
  verification: Pick<VerificationService, 'sendSmsCode' | 'checkCaptcha'>;
  merchants: Pick<MerchantService, 'resolveId' | 'brand'>;
}

/** 'ag***1': enough for the visitor to recognise who invited them. */
const maskAccount = (s: string) => (s.length <= 3 ? `${s[0] ?? ''}***` : `${s.slice(0, 2)}***${s.slice(-1)}`);

const invalidInvitation = () => new AppError('INVALID_INVITATION_CODE', ACCOUNT_MESSAGES.INVALID_INVITATION_CODE, 404);

/** Registration by username or mobile, its SMS code, and the invitation (affiliate) code check. */
export const registerRoutes =
  ({ registration, login, accounts, verification, merchants }: RegisterRoutesDeps) =>
  async (app: FastifyInstance) => {
    for (const [endpoint, mode] of [
      [r.register, 'username'],
      [r.registerMobile, 'mobile'],
    ] as const) {
      route(app, endpoint, async ({ body, req }) => {
        const c = clientOf(req);
        const member = await registration.register({ ...c, mode, body });
        const value = body.login
          ? await login.completeLogin(c, member, { method: 'register', area: 'member', typedPassword: null })
          : null;
        return { memberId: String(member.id), account: member.username, login: value };
      });
    }

    route(app, r.affiliate, async ({ query, req }) => {
      if (query.domain && (await merchants.resolveId(query.domain)) !== req.merchantId) throw invalidInvitation();
      // An agent's code (a downline) or an ordinary member's own code (member referral, decision 071).
      const inviter = await registration.inviter(req.merchantId, query.code);
      if (!inviter) throw invalidInvitation();
      return { code: inviter.code, agent: maskAccount(inviter.username) };
    });

    route(app, v.smsRegister, async ({ body, req }) => {
      const setting = (await merchants.brand(req.merchantId)).merchant.registerSetting;
      const mobileField = setting.fields.find((f) => f.field === 'mobileNum');
      if (!setting.mobileRegistration && !mobileField?.enabled) {
        throw new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403);
      }
      if (await accounts.findByMobile(req.merchantId, body.countryDialingCode, body.mobileNum)) {
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
  };
