import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { sessionRoutes } from './routes/session.ts';

/** Shared input shapes of the account calls (spec §5: inputs are trimmed). */
export const requiredText = (max: number) =>
  z.string({ error: 'Input cannot be empty' }).trim().min(1, 'Input cannot be empty').max(max);

/** '+55' or '55'; kept without the plus. */
export const dialingCode = z
  .string({ error: 'Please choose a country dialing code' })
  .trim()
  .regex(/^\+?\d{1,4}$/, 'Please choose a country dialing code')
  .transform((v) => v.replace(/^\+/, ''));

export const mobileNum = z
  .string({
    error: (i) => (i.input === undefined ? 'Please enter a valid phone number.' : 'Invalid phone number format'),
  })
  .trim()
  .min(1, 'Please enter a valid phone number.')
  .regex(/^\d{5,15}$/, 'Invalid phone number format');

export const smsCode = z
  .string({ error: 'Please enter a valid verification code' })
  .trim()
  .regex(/^\d{6}$/, 'Please enter a valid verification code');

const optionalCaptcha = z.string().trim().max(16).optional();

/** Where a login comes from: the player site, or the agent login page (/agent). */
export const LOGIN_AREAS = ['member', 'agent'] as const;
export const loginArea = z.enum(LOGIN_AREAS);

export const usernameLoginBody = z.strictObject({
  type: z.literal('username'),
  username: requiredText(64),
  password: requiredText(128),
  captcha: optionalCaptcha,
  /** Client-side only (the username is remembered for 24 h); accepted and ignored. */
  rememberMe: z.boolean().optional(),
  area: loginArea.optional(),
  /**
   * A self-excluded player asks for a session that can only see the wallet and withdraw the
   * balance (issue 24); refused for anyone else as a normal login would be.
   */
  withdrawOnly: z.boolean().optional(),
});

export const smsLoginBody = z.strictObject({
  type: z.literal('sms'),
  countryDialingCode: dialingCode,
  mobileNum: mobileNum,
  verificationCode: smsCode,
  captcha: optionalCaptcha,
  area: loginArea.optional(),
});

export const loginBody = z.discriminatedUnion('type', [usernameLoginBody, smsLoginBody], {
  error: 'Choose a login type: username or sms',
});
export type LoginBody = z.input<typeof loginBody>;

/** Second factors for a login from a new IP (spec §4): SMS, e-mail, authenticator, bank account name. */
export const VERIFICATION_METHODS = ['sms', 'email', 'totp', 'payeeName'] as const;
export const verificationMethod = z.enum(VERIFICATION_METHODS);
export type VerificationMethod = z.infer<typeof verificationMethod>;

export const pendingVerification = z.object({
  methods: z.array(
    z.object({
      method: verificationMethod,
      /** Masked phone number or e-mail the code goes to; null for totp and payeeName. */
      destination: z.string().nullable(),
    }),
  ),
});

/** Login response value (spec §3) plus what the client must do next. */
export const loginValue = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** Whether the next login attempt must carry a captcha. */
  captcha: z.boolean(),
  /** The change-password modal must open and nothing else is reachable until it is done. */
  mustChangePassword: z.boolean(),
  /** Set when the login waits for extra verification ('Please complete verification first'). */
  verification: pendingVerification.nullable(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** The session can only see the wallet and withdraw (a self-excluded player, issue 24). */
  withdrawOnly: z.boolean().optional(),
});
export type LoginValue = z.infer<typeof loginValue>;

/** The envelope `value` of a failed login: whether the form must show the captcha now. */
export const loginFailureValue = z.object({ captcha: z.boolean() });

export const freePlayBody = z.strictObject({
  os: z.string().trim().max(40).optional(),
  platform: z.literal('W', 'platform must be W'),
});
export const freePlayValue = loginValue.extend({
  account: z.string(),
  /** Play money of the trial account, minor units. */
  playBalance: z.string(),
});
/** Free play (spec §7) carries the gateway version in this header. */
export const GATEWAY_VERSION_HEADER = 'x-gateway-version';
export const GATEWAY_VERSION = '3';

export const encryptionKeyValue = z.object({
  kid: z.string(),
  algorithm: z.literal('RSA-OAEP-256+A256GCM'),
  /** SubjectPublicKeyInfo, base64 (DER). */
  publicKey: z.string(),
  /** Plain JSON bodies are refused on the encrypted calls. */
  required: z.boolean(),
});

export const sendVerificationCodeBody = z.strictObject({ method: z.enum(['sms', 'email']) });
export const sendCodeValue = z.object({
  /** The send button counts down expiredMinutes × 60 seconds (spec §4). */
  expiredMinutes: z.number().int().positive(),
  destination: z.string().nullable(),
});

export const completeVerificationBody = z.strictObject({
  method: verificationMethod,
  code: z.string().trim().max(16).optional(),
  payeeName: z.string().trim().max(100).optional(),
});

export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export const oauthProvider = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof oauthProvider>;
/** The popup opens this URL; it ends on a page that posts `{ type: OAUTH_MESSAGE, ticket | error }` to the opener. */
export const OAUTH_START_PATH = '/wps/session/oauth/:provider/start';
export const OAUTH_CALLBACK_PATH = '/wps/session/oauth/:provider/callback';
export const OAUTH_MESSAGE = 'lotus.oauth';

/**
 * Signing in from a URL (decision 055): a signed-in client asks for a code, puts it in the link
 * (`?signIn=<code>`), and the page that opens swaps it for a session of its own. Codes are single
 * use and live 60 seconds; a session token never appears in a URL.
 */
export const signInCodeValue = z.object({ code: z.string(), expiresInSeconds: z.number() });
export const exchangeSignInCodeBody = z.strictObject({ code: z.string().trim().min(20).max(100) });
export const exchangeSignInCodeValue = z.object({
  token: z.string(),
  account: z.string(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
});

export const sessionEndpoints = {
  login: defineEndpoint({ ...sessionRoutes.login, body: loginBody, response: loginValue }),
  logout: defineEndpoint({ ...sessionRoutes.logout, response: z.null() }),
  freePlay: defineEndpoint({ ...sessionRoutes.freePlay, body: freePlayBody, response: freePlayValue }),
  encryptionKey: defineEndpoint({ ...sessionRoutes.encryptionKey, response: encryptionKeyValue }),
  sendVerificationCode: defineEndpoint({
    ...sessionRoutes.sendVerificationCode,
    body: sendVerificationCodeBody,
    response: sendCodeValue,
  }),
  completeVerification: defineEndpoint({
    ...sessionRoutes.completeVerification,
    body: completeVerificationBody,
    response: z.object({ mustChangePassword: z.boolean() }),
  }),
  oauthProviders: defineEndpoint({
    ...sessionRoutes.oauthProviders,
    response: z.array(z.object({ provider: oauthProvider, startUrl: z.string() })),
  }),
  oauthLogin: defineEndpoint({
    ...sessionRoutes.oauthLogin,
    body: z.strictObject({ ticket: requiredText(200) }),
    response: loginValue,
  }),
  createSignInCode: defineEndpoint({ ...sessionRoutes.createSignInCode, response: signInCodeValue }),
  exchangeSignInCode: defineEndpoint({
    ...sessionRoutes.exchangeSignInCode,
    body: exchangeSignInCodeBody,
    response: exchangeSignInCodeValue,
  }),
};
