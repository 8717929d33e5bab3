import { defineRoutes } from '../route.ts';

/** POST the raw bytes with Content-Type image/png or image/jpeg; answers the upload's id. */
export const UPLOAD_PATH = '/wps/v2/uploads';
/** GET the bytes back: the member who uploaded them (UPLOAD_PATH/:id) or an operator (below). */
export const OPERATOR_UPLOAD_PATH = '/wps/operator/uploads/:id';

export const uploadRoutes = defineRoutes('upload', {
  create: { method: 'POST', path: UPLOAD_PATH, auth: 'member' },
  read: { method: 'GET', path: `${UPLOAD_PATH}/:id`, auth: 'member' },
  /** Proofs of deposits and withdrawals: money staff only (finance, and admin as ever). */
  operatorRead: { method: 'GET', path: OPERATOR_UPLOAD_PATH, auth: 'operator', roles: ['finance'] },
});
