import { defineRoutes } from '../route.ts';

export const providerAdminRoutes = defineRoutes('providerAdmin', {
  list: { method: 'GET', path: '/wps/operator/providers', auth: 'operator' },
  update: { method: 'PUT', path: '/wps/operator/providers/vendor', auth: 'operator', roles: ['admin'] },
  reconcile: {
    method: 'POST',
    path: '/wps/operator/providers/reconcile',
    auth: 'operator',
    roles: ['admin', 'finance'],
  },
});
