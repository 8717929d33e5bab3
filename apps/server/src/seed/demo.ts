import type { AppContext } from '../context.ts';
import { seedAccounts } from './accounts.ts';
import { seedAgent } from './agent.ts';
import { seedCatalog } from './catalog.ts';
import { seedContent } from './content.ts';
import { seedHistory } from './history.ts';
import { seedMissions } from './missions.ts';
import { seedPoints } from './points.ts';
import { seedPromotions } from './promotions.ts';
import { seedProviders } from './providers.ts';
import { seedRebate } from './rebate.ts';
import { seedReferral } from './referral.ts';
import { seedMessages } from './messages.ts';
import { seedVip } from './vip.ts';
import { seedSupport } from './support.ts';
import { seedWallet } from './wallet.ts';

/** Demo data beyond the brand. Each feature adds its seeder here, always through its service. */
export const seedDemo = async (ctx: AppContext): Promise<void> => {
  await seedAccounts(ctx);
  await seedAgent(ctx);
  await seedCatalog(ctx);
  await seedProviders(ctx);
  await seedContent(ctx);
  await seedWallet(ctx);
  await seedSupport(ctx);
  await seedPromotions(ctx);
  await seedPoints(ctx);
  await seedReferral(ctx);
  await seedMissions(ctx);
  await seedVip(ctx);
  // After the VIP levels and their members: one demo message goes to the top levels.
  await seedMessages(ctx);
  // After the VIP levels: rebate rates are given per level (decision 074, amended).
  await seedRebate(ctx);
  // Last: weeks of backdated play for a crowd of members under the demo agents (decision 083).
  await seedHistory(ctx);
  // The dashboard's roll-up of that history, now rather than on the job's first runs (decision 088):
  // nothing is in flight while seeding, so nothing needs to settle.
  await ctx.dashboardRollup.rollupAll(ctx.db, new Date(), { settleMs: 0, catchUp: true });
};
