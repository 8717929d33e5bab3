import type { AppContext } from '../context.ts';
import * as merchantData from '../features/merchant/data.ts';
import { createOperator } from '../features/operator/service.ts';
import { DEMO_CUSTOMER_SERVICE, DEMO_MIRRORS, DEMO_SOCIAL, demoMerchant } from './brand.ts';

/**
 * Makes sure the default brand exists and, on an empty database, creates the demo data through the
 * product's own services so it obeys every rule the product enforces. Safe to run on every start.
 */
/** The demo operators' password; outside demo mode OPERATOR_BOOTSTRAP_PASSWORD must be set. */
export const DEMO_OPERATOR_PASSWORD = 'Admin#2026';

export const seed = async (ctx: AppContext, opts: { demo: boolean }) => {
  const { db } = ctx;
  if ((await merchantData.countMerchants(db)) > 0) return { created: false };
  await db.transaction(async (tx) => {
    const m = await merchantData.insertMerchant(tx, demoMerchant(ctx.config.PUBLIC_BASE_URL));
    await merchantData.insertDomains(tx, [
      { merchantId: m.id, host: m.mainDomain.replace(/:\d+$/, ''), isMirror: false, sort: 0 },
      ...DEMO_MIRRORS.map((host, i) => ({ merchantId: m.id, host, isMirror: true, sort: i + 1 })),
    ]);
    await merchantData.insertCustomerService(
      tx,
      DEMO_CUSTOMER_SERVICE.map((c, i) => ({ merchantId: m.id, ...c, sort: i })),
    );
    await merchantData.insertResources(
      tx,
      DEMO_SOCIAL.map(([key, url], i) => ({ merchantId: m.id, resourceType: 'SOCIAL', key, url, sort: i })),
    );
  });
  ctx.merchants.invalidate();
  const merchantId = await ctx.merchants.resolveId(undefined);
  const bootstrap = ctx.config.OPERATOR_BOOTSTRAP_PASSWORD ?? (ctx.config.DEMO_MODE ? DEMO_OPERATOR_PASSWORD : null);
  if (bootstrap) {
    await createOperator(ctx.db, { merchantId, username: 'admin', password: bootstrap, role: 'admin' });
    if (opts.demo) {
      await createOperator(ctx.db, { merchantId, username: 'finance', password: bootstrap, role: 'finance' });
      await createOperator(ctx.db, { merchantId, username: 'content', password: bootstrap, role: 'content' });
    }
  }
  if (opts.demo) {
    // Demo accounts, catalogue and content are added by their features' seeders (see seed/demo.ts).
    const { seedDemo } = await import('./demo.ts');
    await seedDemo(ctx);
  }
  return { created: true };
};
