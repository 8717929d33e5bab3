import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { verificationRoutes } from './routes/verification.ts';
import { dialingCode, mobileNum, requiredText, sendCodeValue } from './session.ts';

/** One-time codes (spec §4, §5, §9): 6 digits, single use, bound to number and purpose. */
export const SMS_THROTTLE_MS = 1000;
export const CAPTCHA_REFRESH_MS = 1000;
/** The register form's send button waits this long when the server gives no expiry (spec §4). */
export const REGISTER_SMS_COUNTDOWN_SECONDS = 60;
/** Remember-me keeps the username this long (spec §9). */
export const REMEMBER_ME_HOURS = 24;

const smsRequestBody = z.strictObject({
  countryDialingCode: dialingCode,
  mobileNum: mobileNum,
  /** Needed when the server has asked for one (too many requests from this client). */
  captcha: z.string().trim().max(16).optional(),
});

export const country = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  name: z.string(),
});

export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});

export const verificationEndpoints = {
  /** Value: a data URL of a PNG image; the answer is bound to this browser by an HttpOnly cookie. */
  captcha: defineEndpoint({
    ...verificationRoutes.captcha,
    query: z.strictObject({ t: z.coerce.number().int().nonnegative().optional() }),
    response: z.string(),
  }),
  smsNoLogin: defineEndpoint({ ...verificationRoutes.smsNoLogin, body: smsRequestBody, response: sendCodeValue }),
  smsRegister: defineEndpoint({ ...verificationRoutes.smsRegister, body: smsRequestBody, response: sendCodeValue }),
  smsBind: defineEndpoint({
    ...verificationRoutes.smsBind,
    body: z.strictObject({ reauthToken: requiredText(200), countryDialingCode: dialingCode, mobileNum }),
    response: sendCodeValue,
  }),
  emailBind: defineEndpoint({
    ...verificationRoutes.emailBind,
    body: z.strictObject({
      reauthToken: requiredText(200),
      email: requiredText(120).pipe(z.email('E-mail format is incorrect')),
    }),
    response: sendCodeValue,
  }),
  countries: defineEndpoint({
    ...verificationRoutes.countries,
    response: z.object({ defaultCountryCode: z.string(), list: z.array(country) }),
  }),
  /** Demo mode only: what the development SMS provider and mail transport "sent". */
  devOutbox: defineEndpoint({
    ...verificationRoutes.devOutbox,
    query: z.strictObject({
      to: z.string().trim().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.array(outboxMessage),
  }),
};
