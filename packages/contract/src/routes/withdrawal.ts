import { defineRoutes } from '../route.ts';

export const withdrawalRoutes = defineRoutes('withdrawal', {
  info: { method: 'GET', path: '/wps/v2/withdrawals/info', auth: 'member' },
  bankAccounts: { method: 'GET', path: '/wps/v2/bank-accounts', auth: 'member' },
  addBankAccount: { method: 'POST', path: '/wps/v2/bank-accounts', auth: 'member' },
  removeBankAccount: { method: 'DELETE', path: '/wps/v2/bank-accounts/:id', auth: 'member' },
  request: { method: 'POST', path: '/wps/v2/withdrawals', auth: 'member' },
  list: { method: 'GET', path: '/wps/v2/withdrawals', auth: 'member' },
  confirm: { method: 'POST', path: '/wps/v2/withdrawals/:id/receipt', auth: 'member' },
});
