import { defineRoutes } from '../route.ts';

export const walletOperatorRoutes = defineRoutes('walletOperator', {
  findMember: { method: 'GET', path: '/wps/operator/wallets/member', auth: 'operator', roles: ['finance', 'support'] },
  adjust: { method: 'POST', path: '/wps/operator/wallets/adjust', auth: 'operator', roles: ['finance'] },
  settings: { method: 'GET', path: '/wps/operator/wallets/settings', auth: 'operator' },
  setSettings: { method: 'PUT', path: '/wps/operator/wallets/settings', auth: 'operator', roles: ['admin'] },
  ledgerCheck: { method: 'GET', path: '/wps/operator/wallets/ledger-check', auth: 'operator', roles: ['admin'] },
});
