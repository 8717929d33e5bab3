import { verificationEndpoints as ep } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../../http/route.ts';
import type { MerchantService } from '../../merchant/service.ts';
import { countryOf } from '../../system/region.ts';
import { COUNTRY_LIST, captchaClientId, captchaCookie, defaultCountryFor } from './policy.ts';
import { newCaptchaClientId, type Outbox, type VerificationService } from './service.ts';

export interface VerificationRoutesDeps {
  verification: VerificationService;
  outbox: Outbox;
  merchants: Pick<MerchantService, 'brand'>;
  /** The developer outbox is served only in demo mode (DEMO_MODE). */
  demoMode: boolean;
  /** The captcha cookie is Secure when the site is served over https (PUBLIC_BASE_URL). */
  secureCookies: boolean;
}

const ensureClientId = (req: FastifyRequest, reply: FastifyReply, secure: boolean) => {
  const existing = captchaClientId(req);
  if (existing) return existing;
  const id = newCaptchaClientId();
  reply.header('set-cookie', captchaCookie(id, secure));
  return id;
};

/**
 * Captchas, the country list and the developer outbox. The calls that send codes live with the
 * operation they serve: login (SMS login and reset by phone), register, security (binding).
 */
export const verificationRoutes =
  ({ verification, outbox, merchants, demoMode, secureCookies }: VerificationRoutesDeps) =>
  async (app: FastifyInstance) => {
    route(app, ep.captcha, async ({ req, reply }) => {
      reply.header('cache-control', 'no-store');
      return verification.issueCaptcha(ensureClientId(req, reply, secureCookies), req.ip);
    });

    route(app, ep.countries, async ({ req }) => {
      const brand = await merchants.brand(req.merchantId);
      return { defaultCountryCode: defaultCountryFor(countryOf(req.ip), brand.merchant.currency), list: COUNTRY_LIST };
    });

    // The developer outbox exists only in demo mode; elsewhere the path is simply unknown.
    if (demoMode) {
      route(app, ep.devOutbox, ({ query, req }) => outbox.list(req.merchantId, query.to, query.limit));
    }
  };
