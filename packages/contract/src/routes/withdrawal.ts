import { defineRoutes } from '../route.ts';

/** Every withdrawal call is open to a self-excluded player's withdraw-only session (issue 24). */
export const withdrawalRoutes = defineRoutes('withdrawal', {
  info: { method: 'GET', path: '/wps/v2/withdrawals/info', auth: 'member', allowWithdrawOnly: true },
  bankAccounts: { method: 'GET', path: '/wps/v2/bank-accounts', auth: 'member', allowWithdrawOnly: true },
  addBankAccount: { method: 'POST', path: '/wps/v2/bank-accounts', auth: 'member', allowWithdrawOnly: true },
  removeBankAccount: { method: 'DELETE', path: '/wps/v2/bank-accounts/:id', auth: 'member', allowWithdrawOnly: true },
  request: { method: 'POST', path: '/wps/v2/withdrawals', auth: 'member', allowWithdrawOnly: true },
  list: { method: 'GET', path: '/wps/v2/withdrawals', auth: 'member', allowWithdrawOnly: true },
  confirm: { method: 'POST', path: '/wps/v2/withdrawals/:id/receipt', auth: 'member', allowWithdrawOnly: true },
});
