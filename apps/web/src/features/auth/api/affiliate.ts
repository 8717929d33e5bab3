import { registrationEndpoints, type ResponseOf } from '@app/contract';
import { call, isApiError } from '../../../lib/api/index.ts';

export type AffiliateCheck =
  { ok: true; value: ResponseOf<typeof registrationEndpoints.affiliate> } | { ok: false; network: boolean };

/** GET /wps/agent/affiliate: is this invitation code an agent's (spec §7: code, domain)? */
export const checkAffiliateCode = async (code: string): Promise<AffiliateCheck> => {
  try {
    const value = await call(registrationEndpoints.affiliate, { query: { code, domain: window.location.hostname } });
    return { ok: true, value };
  } catch (error) {
    return { ok: false, network: isApiError(error) && error.isNetwork };
  }
};
