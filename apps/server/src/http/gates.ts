import type { FastifyInstance } from 'fastify';
import type { MerchantService } from '../features/merchant/service.ts';
import { isUnderMaintenance, regionOf } from '../features/system/service.ts';
import { cidrMatcher } from '../lib/cidr.ts';
import { fail } from './envelope.ts';
import { isApiPath } from './error-handler.ts';

const OPERATOR_PREFIX = '/wps/operator/';

/** Calls that still answer while the site is under maintenance or the visitor is region-blocked. */
/** Site images (the logo, banners) stay open too: the maintenance and region pages show the brand. */
const ALWAYS_OPEN = ['/wps/system/', '/wps/operator/', '/provider/', '/wps/site-images/'];

/**
 * Resolves the request's merchant, then refuses player API calls while the brand is under
 * maintenance (503) or the visitor's region is restricted (451). The status call stays open so
 * the client can show the right page.
 */
export const installGates = (
  app: FastifyInstance,
  {
    merchants,
    operatorAllowedCidrs = [],
  }: {
    merchants: Pick<MerchantService, 'resolveId' | 'brand'>;
    /** OPERATOR_ALLOWED_CIDRS: when not empty, the console's API answers only these addresses. */
    operatorAllowedCidrs?: readonly string[];
  },
) => {
  const operatorAllowed = operatorAllowedCidrs.length ? cidrMatcher(operatorAllowedCidrs) : null;
  app.addHook('onRequest', async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (!isApiPath(url)) return;
    // The address Fastify reports: the peer, or what trusted proxies say (TRUST_PROXY).
    if (operatorAllowed && url.startsWith(OPERATOR_PREFIX) && !operatorAllowed(req.ip)) {
      return fail(reply, 403, 'ADDRESS_NOT_ALLOWED', 'The console is not open to this address');
    }
    req.merchantId = await merchants.resolveId(req.hostname);
    if (ALWAYS_OPEN.some((p) => url.startsWith(p))) return;
    const brand = await merchants.brand(req.merchantId);
    if (isUnderMaintenance(brand)) {
      return fail(reply, 503, 'MAINTENANCE', 'The system is under maintenance', {
        value: { endTime: brand.merchant.maintenanceEndTime?.toISOString() ?? null },
      });
    }
    if (regionOf(brand, req.ip).restricted) {
      return fail(reply, 451, 'REGION_RESTRICTED', 'Access is restricted in your region', { value: { ip: req.ip } });
    }
  });
};
