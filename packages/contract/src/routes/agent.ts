import { defineRoutes } from '../route.ts';

export const agentRoutes = defineRoutes('agent', {
  teamOverview: { method: 'GET', path: '/wps/agent/team/overview', auth: 'agent' },
  /** The whole team's last 30 days, day by day (issue 21: the overview's trend charts). */
  teamTrend: { method: 'GET', path: '/wps/agent/team/trend', auth: 'agent' },
  downlines: { method: 'GET', path: '/wps/agent/downlines', auth: 'agent' },
  transfer: { method: 'POST', path: '/wps/agent/transfer', auth: 'agent' },
  registerDownline: { method: 'POST', path: '/wps/agent/register', auth: 'agent' },
  reissueDownlinePassword: { method: 'POST', path: '/wps/agent/register/password', auth: 'agent' },
  affiliateLinks: { method: 'GET', path: '/wps/agent/affiliate/links', auth: 'agent' },
  teamBets: { method: 'GET', path: '/wps/agent/team/bets', auth: 'agent' },
  profitLoss: { method: 'GET', path: '/wps/agent/team/pnl', auth: 'agent' },
  income: { method: 'GET', path: '/wps/agent/income', auth: 'agent' },
  downlineTransactions: { method: 'GET', path: '/wps/agent/team/transactions', auth: 'agent' },
  accountDetails: { method: 'GET', path: '/wps/agent/account', auth: 'agent' },
  announcements: { method: 'GET', path: '/wps/agent/announcements', auth: 'agent' },
  sendRedEnvelope: { method: 'POST', path: '/wps/agent/red-envelope', auth: 'agent' },
  redEnvelopes: { method: 'GET', path: '/wps/agent/red-envelopes', auth: 'agent' },
  redEnvelope: { method: 'GET', path: '/wps/agent/red-envelope', auth: 'agent' },
});
