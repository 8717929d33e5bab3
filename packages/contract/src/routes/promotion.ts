import { defineRoutes } from '../route.ts';

/**
 * Promotions that pay (issue 19, decisions 065 and 066): the public list with the member's own
 * status, joining and claiming, the rewards centre and the bonus details.
 */
export const promotionRoutes = defineRoutes('promotion', {
  list: { method: 'GET', path: '/wps/v2/promotions', auth: 'optional' },
  join: { method: 'POST', path: '/wps/v2/promotions/join', auth: 'member' },
  claim: { method: 'POST', path: '/wps/v2/promotions/claim', auth: 'member' },
  rewards: { method: 'GET', path: '/wps/v2/promotions/rewards', auth: 'member' },
  bonuses: { method: 'GET', path: '/wps/v2/promotions/bonuses', auth: 'member' },
  forfeit: { method: 'POST', path: '/wps/v2/promotions/forfeit', auth: 'member' },
  apply: { method: 'POST', path: '/wps/v2/promotions/apply', auth: 'member' },
  /** Spec §7's "raffle promotion claim": draws a red envelope or raffle drop and pays it (decision 089). */
  raffleClaim: { method: 'POST', path: '/wps/v2/promotions/raffle/claim', auth: 'member' },
  /** The member's past draws of red envelopes and raffles. */
  raffleDraws: { method: 'GET', path: '/wps/v2/promotions/raffle/draws', auth: 'member' },
});

/** Who runs promotions: content (the texts) and finance (the money); admin may do anything. */
const PROMOTION_ROLES = ['content', 'finance'] as const;

export const promotionOperatorRoutes = defineRoutes('promotionOperator', {
  list: { method: 'GET', path: '/wps/operator/promotions', auth: 'operator', roles: PROMOTION_ROLES },
  create: { method: 'POST', path: '/wps/operator/promotions', auth: 'operator', roles: PROMOTION_ROLES },
  update: { method: 'PUT', path: '/wps/operator/promotions', auth: 'operator', roles: PROMOTION_ROLES },
  end: { method: 'POST', path: '/wps/operator/promotions/end', auth: 'operator', roles: PROMOTION_ROLES },
  report: { method: 'GET', path: '/wps/operator/promotions/report', auth: 'operator', roles: PROMOTION_ROLES },
  applications: {
    method: 'GET',
    path: '/wps/operator/promotions/applications',
    auth: 'operator',
    roles: PROMOTION_ROLES,
  },
  decide: {
    method: 'POST',
    path: '/wps/operator/promotions/applications/decide',
    auth: 'operator',
    roles: PROMOTION_ROLES,
  },
  image: {
    method: 'GET',
    path: '/wps/operator/promotions/applications/images/:id',
    auth: 'operator',
    roles: PROMOTION_ROLES,
  },
});
