import type { AppContext } from '../context.ts';

/**
 * The demo brand's member referral rewards (decision 071): R$ 5,00 when a friend registers with a
 * member's code, R$ 20,00 on a first deposit of R$ 50,00 or more, R$ 30,00 when the friend's
 * settled bets reach R$ 1.000,00.
 */
export const seedReferral = async ({
  merchants,
  operators,
  referral,
}: Pick<AppContext, 'merchants' | 'operators' | 'referral'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const finance = await operators.findByUsername(merchantId, 'finance');
  if (!finance) return;
  await referral.save(
    { merchantId, operatorId: finance.id },
    {
      registerReward: '500',
      firstDepositReward: '2000',
      firstDepositMin: '5000',
      turnoverTarget: '100000',
      turnoverReward: '3000',
    },
    '127.0.0.1',
  );
};
