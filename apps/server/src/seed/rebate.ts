import type { AppContext } from '../context.ts';

/**
 * The demo brand's rebate rates (decision 071), matching the advertised "Unlimited slots rebate":
 * 1.2% on slots, 0.8% on fishing and in-house games, 0.5% on live casino and lottery. Paid by claim
 * on manualRebate; the daily job stays off so other demo flows' balances do not move at midnight.
 */
export const seedRebate = async ({
  merchants,
  operators,
  rebate,
}: Pick<AppContext, 'merchants' | 'operators' | 'rebate'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const finance = await operators.findByUsername(merchantId, 'finance');
  if (!finance) return;
  await rebate.save(
    { merchantId, operatorId: finance.id },
    {
      rates: [
        { gameType: 'RNG', rateBp: 120 },
        { gameType: 'FISH', rateBp: 80 },
        { gameType: 'BGS', rateBp: 80 },
        { gameType: 'LIVE', rateBp: 50 },
        { gameType: 'LOTT', rateBp: 50 },
      ],
      dailyAuto: false,
    },
    '127.0.0.1',
  );
};
