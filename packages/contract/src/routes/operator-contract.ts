import { defineRoutes } from '../route.ts';

export const operatorContractRoutes = defineRoutes('operatorContract', {
  contracts: { method: 'GET', path: '/wps/operator/agent/contracts', auth: 'operator', roles: ['finance'] },
  offer: { method: 'POST', path: '/wps/operator/agent/contract/offer', auth: 'operator', roles: ['finance'] },
  act: { method: 'POST', path: '/wps/operator/agent/contract/action', auth: 'operator', roles: ['finance'] },
  runSettlement: { method: 'POST', path: '/wps/operator/agent/settlement/run', auth: 'operator', roles: ['finance'] },
});
