import { defineEndpoint } from '@app/contract';
import { z } from 'zod';

/*
 * Session endpoints of spec §7. The shared contract has no auth module yet; these follow the
 * spec's paths and payloads and move to packages/contract (auth.ts) once the server defines them.
 */
export const loginBody = z.object({
  username: z.string(),
  password: z.string(),
  captcha: z.string().optional(),
  type: z.enum(['username', 'sms']),
});

export const loginResult = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean().optional(),
  passwordExpired: z.boolean().optional(),
  captcha: z.boolean().optional(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const loginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/session/login',
  auth: 'none',
  encrypted: true,
  body: loginBody,
  response: loginResult,
});

export const registerBody = z.object({
  username: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
  referralCode: z.string().optional(),
  domain: z.string(),
  registerUrl: z.string(),
  registerMethod: z.literal('WEB'),
});

export const registerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/register',
  auth: 'none',
  encrypted: true,
  body: registerBody,
  response: loginResult.partial().extend({ token: z.string().optional() }),
});

export const resetByEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/password/email',
  auth: 'none',
  bodyType: 'form',
  body: z.object({ username: z.string(), email: z.string() }),
  response: z.unknown(),
});

export const changePasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/password',
  auth: 'member',
  encrypted: true,
  body: z.object({ oldPassword: z.string(), newPassword: z.string(), confirmNewPassword: z.string() }),
  response: z.unknown(),
});

export const memberInfo = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
});

export const memberInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/info',
  auth: 'member',
  response: memberInfo,
});
