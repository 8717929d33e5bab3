import type { AppContext } from '../context.ts';
import { DEMO_CUSTOMER_SERVICE, DEMO_MIRRORS, DEMO_SOCIAL, demoMerchant } from './brand.ts';

/**
 * Makes sure the default brand exists and, on an empty database, creates the demo data through the
 * product's own services so it obeys every rule the product enforces. Safe to run on every start.
 */
/** The demo operators' password; outside demo mode OPERATOR_BOOTSTRAP_PASSWORD must be set. */
export const DEMO_OPERATOR_PASSWORD = 'Admin#2026';

/**
 * The demo brand's own links (main domain, asset and launch CDNs, app download pages) follow
 * PUBLIC_BASE_URL, so a demo database first started on one port works when started on another.
 * Only while they still name a loopback origin: a brand whose domain an operator set is left alone.
 */
const followDemoOrigin = async ({ config, merchants }: Pick<AppContext, 'config' | 'merchants'>) => {
  const id = await merchants.idByCode(demoMerchant(config.PUBLIC_BASE_URL).code).catch(() => null);
  if (!id) return;
  const now = (await merchants.brand(id)).merchant;
  const want = demoMerchant(config.PUBLIC_BASE_URL);
  if (now.mainDomain === want.mainDomain || !/^(localhost|127\.0\.0\.1)(:\d+)?$/.test(now.mainDomain)) return;
  await merchants.update(id, {
    mainDomain: want.mainDomain,
    imageCdns: want.imageCdns,
    launchGameCdns: want.launchGameCdns,
    appDownload: want.appDownload,
  });
};

export const seed = async (ctx: AppContext, opts: { demo: boolean }) => {
  const { config, merchants, operators } = ctx;
  if (await merchants.any()) {
    if (config.DEMO_MODE) await followDemoOrigin(ctx);
    return { created: false };
  }
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
    // Outside demo mode the first admin changes the bootstrap password and enrols an authenticator
    // at first login. In demo mode the operators are demo accounts: no second factor, no forced
    // change, so the public demo and its browser tests sign in with the published password (decision 054).
    const demo = config.DEMO_MODE;
    await operators.create({
      merchantId,
      username: 'admin',
      password: bootstrap,
      role: 'admin',
      mustChangePassword: !demo,
      demo,
    });
    if (opts.demo) {
      await operators.create({ merchantId, username: 'finance', password: bootstrap, role: 'finance', demo });
      await operators.create({ merchantId, username: 'content', password: bootstrap, role: 'content', demo });
      await operators.create({ merchantId, username: 'support', password: bootstrap, role: 'support', demo });
    }
  }
  if (opts.demo) {
    // Demo accounts, catalogue and content are added by their features' seeders (see seed/demo.ts).
    const { seedDemo } = await import('./demo.ts');
    await seedDemo(ctx);
  }
  return { created: true };
};
