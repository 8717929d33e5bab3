import { defineRoutes } from '../route.ts';

export const walletRoutes = defineRoutes('wallet', {
  balance: { method: 'GET', path: '/wps/v2/wallets/balance', auth: 'session', allowWithdrawOnly: true },
  merchantWallet: { method: 'GET', path: '/wps/v2/wallets/merchant', auth: 'optional' },
  funds: { method: 'GET', path: '/wps/v2/wallets/funds', auth: 'member' },
  transactions: { method: 'GET', path: '/wps/v2/wallets/transactions', auth: 'member', allowWithdrawOnly: true },
  transaction: { method: 'GET', path: '/wps/v2/wallets/transactions/:id', auth: 'member', allowWithdrawOnly: true },
  profit: { method: 'GET', path: '/wps/v2/wallets/profit', auth: 'member' },
});
