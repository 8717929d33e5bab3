import { defineRoutes } from '../route.ts';

export const memberRedEnvelopeRoutes = defineRoutes('memberRedEnvelope', {
  list: { method: 'GET', path: '/wps/member/red-envelopes', auth: 'member' },
  claim: { method: 'POST', path: '/wps/member/red-envelope/claim', auth: 'member' },
});
