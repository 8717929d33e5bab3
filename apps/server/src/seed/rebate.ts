import type { GameType } from '@app/contract';
import type { AppContext } from '../context.ts';

/**
 * Rates per game type in basis points for members without a level (0) and each demo VIP level
 * (1 Bronze … 6 Black, seed/vip.ts): they rise with the level, so the VIP page's perks table shows
 * the rebate perk growing.
 */
const RATES: Partial<Record<GameType, number[]>> = {
  RNG: [120, 130, 140, 160, 180, 200, 250],
  FISH: [80, 85, 90, 100, 110, 120, 150],
  BGS: [80, 85, 90, 100, 110, 120, 150],
  LIVE: [50, 55, 60, 70, 80, 90, 100],
  LOTT: [50, 55, 60, 70, 80, 90, 100],
};

/**
 * The demo brand's rebate rates (decision 071), matching the advertised "Unlimited slots rebate":
 * 1.2% on slots, 0.8% on fishing and in-house games, 0.5% on live casino and lottery for members
 * without a VIP level, and more at every VIP level (decision 074, amended), up to 2.5% on slots at
 * Black. Paid by claim on manualRebate; the daily job stays off so other demo flows' balances do
 * not move at midnight. Runs after the VIP levels exist (a level the brand does not have is
 * refused).
 */
export const seedRebate = async ({
  merchants,
  operators,
  rebate,
}: Pick<AppContext, 'merchants' | 'operators' | 'rebate'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const finance = await operators.findByUsername(merchantId, 'finance');
  if (!finance) return;
  const levels = (await rebate.settings({ merchantId, operatorId: finance.id })).levels;
  for (const { level } of levels) {
    const rates = Object.entries(RATES).flatMap(([gameType, byLevel]) => {
      const rateBp = byLevel[level];
      return rateBp === undefined ? [] : [{ gameType: gameType as GameType, rateBp }];
    });
    if (!rates.length) continue;
    await rebate.save({ merchantId, operatorId: finance.id }, { level, rates, dailyAuto: false }, '127.0.0.1');
  }
};
