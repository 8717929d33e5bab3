import { defineRoutes } from '../route.ts';

export const agentContractRoutes = defineRoutes('agentContract', {
  consolidated: { method: 'GET', path: '/wps/agent/contract/consolidated', auth: 'member' },
  contracts: { method: 'GET', path: '/wps/agent/contracts', auth: 'agent' },
  contract: { method: 'GET', path: '/wps/agent/contract', auth: 'agent' },
  offer: { method: 'POST', path: '/wps/agent/contract/offer', auth: 'agent' },
  act: { method: 'POST', path: '/wps/agent/contract/action', auth: 'agent' },
  settlements: { method: 'GET', path: '/wps/agent/settlements', auth: 'agent' },
  settlement: { method: 'GET', path: '/wps/agent/settlement', auth: 'agent' },
});
