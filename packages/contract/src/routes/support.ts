import { defineRoutes } from '../route.ts';

/** The customer-service chat (issue 17): a member or agent and the brand's operators (decision 057). */
export const supportRoutes = defineRoutes('support', {
  history: { method: 'GET', path: '/wps/v2/support/messages', auth: 'member' },
  send: { method: 'POST', path: '/wps/v2/support/messages', auth: 'member' },
  read: { method: 'POST', path: '/wps/v2/support/read', auth: 'member' },
  unread: { method: 'GET', path: '/wps/v2/support/unread', auth: 'member' },
});

/** Who answers: the support role (and admin, who may do anything). */
const SUPPORT_ROLES = ['support'] as const;

export const supportOperatorRoutes = defineRoutes('supportOperator', {
  conversations: {
    method: 'GET',
    path: '/wps/operator/support/conversations',
    auth: 'operator',
    roles: SUPPORT_ROLES,
  },
  thread: { method: 'GET', path: '/wps/operator/support/thread', auth: 'operator', roles: SUPPORT_ROLES },
  read: { method: 'POST', path: '/wps/operator/support/read', auth: 'operator', roles: SUPPORT_ROLES },
  answer: { method: 'POST', path: '/wps/operator/support/answer', auth: 'operator', roles: SUPPORT_ROLES },
  close: { method: 'POST', path: '/wps/operator/support/close', auth: 'operator', roles: SUPPORT_ROLES },
  assign: { method: 'POST', path: '/wps/operator/support/assign', auth: 'operator', roles: SUPPORT_ROLES },
  unread: { method: 'GET', path: '/wps/operator/support/unread', auth: 'operator', roles: SUPPORT_ROLES },
});
