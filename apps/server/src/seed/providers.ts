import type { AppContext } from '../context.ts';
import { DEMO_PLAYERS } from '../features/provider/demo-play.ts';
import { HOUSE, NONE } from '../features/provider/registry.ts';

/**
 * The demo's vendor registry and players. Slot (RNG) and in-house (BGS) vendors are served by our
 * own provider, apps/house-games; vendors whose game types have no house games yet (live, fish,
 * PvP, sports, esports, cockfight) are listed under maintenance with an honest message; lotteries
 * open their own pages and need no integration. The demo players get a welcome bonus and play
 * their first rounds once house games is up (features/provider/demo-play.ts).
 */
const MESSAGES: Record<string, string> = {
  LIVE: 'Live casino tables are being connected. This provider is under maintenance until then.',
  FISH: 'Fishing games are being connected. This provider is under maintenance until then.',
  PVP: 'PvP card and tile rooms are being connected. This provider is under maintenance until then.',
  SPORTS: 'The sportsbook is being connected. This provider is under maintenance until then.',
  ESPORTS: 'eSports betting is being connected. This provider is under maintenance until then.',
  COCKFIGHT: 'Cockfight streams are being connected. This provider is under maintenance until then.',
};
export const DEMO_WELCOME_BONUS = 50_000n;

export const seedProviders = async (ctx: AppContext) => {
  const merchantId = await ctx.merchants.resolveId(undefined);
  const lanes = await ctx.catalog.allLanes(merchantId);
  const types = new Map<string, Set<string>>();
  for (const l of lanes) types.set(l.vassalage, new Set([...(types.get(l.vassalage) ?? []), l.gameType]));
  const none = { maintenanceFrom: null, maintenanceUntil: null, enabled: true, walletModel: 'seamless' as const };
  for (const [vassalage, t] of types) {
    if (t.has('LOTT') || t.has('ELOTT')) continue;
    if (t.has('RNG') || t.has('BGS')) {
      await ctx.providers.registry.set(merchantId, { vassalage, provider: HOUSE, maintenanceMessage: '', ...none });
    } else {
      const type = [...t][0]!;
      await ctx.providers.registry.set(merchantId, { vassalage, provider: NONE, maintenanceMessage: MESSAGES[type] ?? '', ...none });
    }
  }
  for (const username of DEMO_PLAYERS) {
    const m = await ctx.accounts.members.createMember({ merchantId, username, password: 'demo1234' });
    await ctx.wallet.transfer({
      merchantId, from: { system: 'bonus' }, to: { member: m.id }, amount: DEMO_WELCOME_BONUS,
      key: `demo:welcome:${m.id}`, kind: 'bonus', reference: 'demo welcome bonus',
    });
  }
};
