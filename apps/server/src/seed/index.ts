import type { AppContext } from '../context.ts';
import { DEMO_CUSTOMER_SERVICE, DEMO_MIRRORS, DEMO_SOCIAL, demoMerchant } from './brand.ts';

/**
 * Makes sure the default brand exists and, on an empty database, creates the demo data through the
 * product's own services so it obeys every rule the product enforces. Safe to run on every start.
 */
/** The demo operators' password; outside demo mode OPERATOR_BOOTSTRAP_PASSWORD must be set. */
export const DEMO_OPERATOR_PASSWORD = 'Admin#2026';

export const seed = async (ctx: AppContext, opts: { demo: boolean }) => {
  const { config, merchants, operators } = ctx;
  if (await merchants.any()) return { created: false };
  const merchant = demoMerchant(config.PUBLIC_BASE_URL);
  const { id: merchantId } = await merchants.create({
    merchant,
    domains: [
      { host: merchant.mainDomain.replace(/:\d+$/, ''), isMirror: false, sort: 0 },
      ...DEMO_MIRRORS.map((host, i) => ({ host, isMirror: true, sort: i + 1 })),
    ],
    customerService: DEMO_CUSTOMER_SERVICE.map((c, i) => ({ ...c, sort: i })),
    resources: DEMO_SOCIAL.map(([key, url], i) => ({ resourceType: 'SOCIAL', key, url, sort: i })),
  });
  const bootstrap = config.OPERATOR_BOOTSTRAP_PASSWORD ?? (config.DEMO_MODE ? DEMO_OPERATOR_PASSWORD : null);
  if (bootstrap) {
    await operators.create({ merchantId, username: 'admin', password: bootstrap, role: 'admin' });
    if (opts.demo) {
      await operators.create({ merchantId, username: 'finance', password: bootstrap, role: 'finance' });
      await operators.create({ merchantId, username: 'content', password: bootstrap, role: 'content' });
      await operators.create({ merchantId, username: 'support', password: bootstrap, role: 'support' });
    }
  }
  if (opts.demo) {
    // Demo accounts, catalogue and content are added by their features' seeders (see seed/demo.ts).
    const { seedDemo } = await import('./demo.ts');
    await seedDemo(ctx);
  }
  return { created: true };
};
