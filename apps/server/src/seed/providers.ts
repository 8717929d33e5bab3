import type { AppContext } from '../context.ts';
import { DEMO_PLAYERS } from '../features/provider/demo-play.ts';
import { HOUSE, NONE } from '../features/provider/registry.ts';
import { HOUSE_COCKFIGHT_VENDOR, HOUSE_PVP_VENDOR, HOUSE_SPORTS_VENDOR } from './catalog.ts';

/**
 * The demo's vendor registry and players. Slot (RNG) and in-house (BGS) vendors, the live vendors (our
 * live tables, decision 094), one cockfight vendor (Sabong Live, decision 092), one sports vendor
 * (Lotus Sportsbook, decision 099), the esports vendors (eArena, Thunder eSports: the sportsbook's
 * esports view, issue 23) and one PvP vendor (Card Masters: the card rooms, decision 100)
 * are served by our own provider, apps/house-games; vendors whose game types have no house games yet
 * (the other fish and PvP vendors, the other sports vendors, the other cockfight vendor) are
 * listed under maintenance with an honest message; lotteries
 * open their own pages and need no integration. The demo players get a welcome bonus and play
 * their first rounds once house games is up (features/provider/demo-play.ts).
 */
// The brand's default language is Portuguese: operators write these messages in it.
const MESSAGES: Record<string, string> = {
  LIVE: 'As mesas do cassino ao vivo estão sendo conectadas. Este provedor está em manutenção até lá.',
  FISH: 'Os jogos de pesca estão sendo conectados. Este provedor está em manutenção até lá.',
  PVP: 'As salas de cartas e peças estão sendo conectadas. Este provedor está em manutenção até lá.',
  SPORTS: 'As apostas esportivas estão sendo conectadas. Este provedor está em manutenção até lá.',
  COCKFIGHT: 'As transmissões de rinha estão sendo conectadas. Este provedor está em manutenção até lá.',
};
/** A funded demo player who has not played yet (for trying the games, and the browser tests). */
export const DEMO_FRESH_PLAYER = { username: 'sortudo88', password: 'demo1234' };
export const DEMO_WELCOME_BONUS = 50_000n;

export const seedProviders = async ({
  merchants,
  catalog,
  providers,
  accounts,
  wallet,
}: Pick<AppContext, 'merchants' | 'catalog' | 'providers' | 'accounts' | 'wallet'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const lanes = await catalog.allLanes(merchantId);
  const types = new Map<string, Set<string>>();
  for (const l of lanes) types.set(l.vassalage, new Set([...(types.get(l.vassalage) ?? []), l.gameType]));
  const none = { maintenanceFrom: null, maintenanceUntil: null, enabled: true, walletModel: 'seamless' as const };
  for (const [vassalage, t] of types) {
    if (t.has('LOTT') || t.has('ELOTT')) continue;
    if (
      t.has('RNG') ||
      t.has('BGS') ||
      t.has('LIVE') ||
      t.has('ESPORTS') ||
      vassalage === HOUSE_COCKFIGHT_VENDOR ||
      vassalage === HOUSE_SPORTS_VENDOR ||
      vassalage === HOUSE_PVP_VENDOR
    ) {
      await providers.registry.set(merchantId, { vassalage, provider: HOUSE, maintenanceMessage: '', ...none });
    } else {
      const type = [...t][0]!;
      await providers.registry.set(merchantId, {
        vassalage,
        provider: NONE,
        maintenanceMessage: MESSAGES[type] ?? '',
        ...none,
      });
    }
  }
  for (const username of [...DEMO_PLAYERS, DEMO_FRESH_PLAYER.username]) {
    const m = await accounts.createMember({ merchantId, username, password: 'demo1234' });
    await wallet.transfer({
      merchantId,
      from: { system: 'bonus' },
      to: { member: m.id },
      amount: DEMO_WELCOME_BONUS,
      key: `demo:welcome:${m.id}`,
      kind: 'bonus',
      reference: 'demo welcome bonus',
    });
  }
};
