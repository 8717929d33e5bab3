import { defineRoutes } from '../route.ts';

export const sessionRoutes = defineRoutes('session', {
  login: { method: 'POST', path: '/wps/session/login', auth: 'none', encrypted: true },
  logout: {
    method: 'POST',
    path: '/wps/session/logout',
    auth: 'session',
    allowPendingVerification: true,
    allowWithdrawOnly: true,
  },
  freePlay: { method: 'POST', path: '/wps/session/login/freeplay', auth: 'none' },
  encryptionKey: { method: 'GET', path: '/wps/session/encryption-key', auth: 'none' },
  sendVerificationCode: {
    method: 'POST',
    path: '/wps/session/verification/code',
    auth: 'session',
    allowPendingVerification: true,
    allowWithdrawOnly: true,
  },
  completeVerification: {
    method: 'POST',
    path: '/wps/session/verification',
    auth: 'session',
    allowPendingVerification: true,
    allowWithdrawOnly: true,
  },
  oauthProviders: { method: 'GET', path: '/wps/session/oauth/providers', auth: 'none' },
  oauthLogin: { method: 'POST', path: '/wps/session/login/oauth', auth: 'none' },
  createSignInCode: { method: 'POST', path: '/wps/session/sign-in-code', auth: 'session' },
  exchangeSignInCode: { method: 'POST', path: '/wps/session/sign-in-code/exchange', auth: 'none' },
});
