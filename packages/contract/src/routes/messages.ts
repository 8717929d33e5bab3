import { defineRoutes } from '../route.ts';

/**
 * Operator messages and feedback (issue 20, decision 075). Members send feedback from the member
 * centre and read the replies in messageV2; operators write messages and answer feedback.
 */
export const feedbackRoutes = defineRoutes('feedback', {
  list: { method: 'GET', path: '/wps/v2/feedback', auth: 'member' },
  create: { method: 'POST', path: '/wps/v2/feedback', auth: 'member' },
});

/** Messages and feedback are the brand's voice: content and support staff (admin may do anything). */
const MESSAGE_ROLES = ['content', 'support'] as const;

export const operatorMessageRoutes = defineRoutes('operatorMessage', {
  list: { method: 'GET', path: '/wps/operator/messages', auth: 'operator', roles: MESSAGE_ROLES },
  create: { method: 'POST', path: '/wps/operator/messages', auth: 'operator', roles: MESSAGE_ROLES },
  cancel: { method: 'POST', path: '/wps/operator/messages/cancel', auth: 'operator', roles: MESSAGE_ROLES },
});

export const feedbackOperatorRoutes = defineRoutes('feedbackOperator', {
  list: { method: 'GET', path: '/wps/operator/feedback', auth: 'operator', roles: MESSAGE_ROLES },
  answer: { method: 'POST', path: '/wps/operator/feedback/answer', auth: 'operator', roles: MESSAGE_ROLES },
  /** The reward is money: finance sets it; content and support read it. */
  settings: { method: 'GET', path: '/wps/operator/feedback/settings', auth: 'operator', roles: MESSAGE_ROLES },
  save: { method: 'PUT', path: '/wps/operator/feedback/settings', auth: 'operator', roles: ['finance'] },
  /** A feedback image (purpose 'feedback' only; proofs stay with money staff). */
  image: { method: 'GET', path: '/wps/operator/feedback/images/:id', auth: 'operator', roles: MESSAGE_ROLES },
});
