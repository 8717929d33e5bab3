import type { AppContext } from '../context.ts';

/** Players whose settled rounds make the demo leaderboard's standings (demo data only). */
const RACERS: [string, bigint][] = [
  ['luckyrio77', 1_284_000n],
  ['pixqueen', 962_500n],
  ['tigresa88', 715_000n],
  ['sambaace7', 480_000n],
  ['novato2026', 233_000n],
  ['betoslots', 98_000n],
];

/**
 * The demo brand's missions and leaderboard (decision 073): a daily deposit mission, a daily rounds
 * mission for points, a weekly slots turnover mission paying a bonus with wagering, a three-day
 * login streak and a one-off invitation; a weekly turnover race whose standings come from six demo
 * players' settled rounds (rounds recorded through the game history, without money: demo only).
 */
export const seedMissions = async ({
  merchants,
  operators,
  missions,
  accounts,
  providers,
  db,
}: Pick<AppContext, 'merchants' | 'operators' | 'missions' | 'accounts' | 'providers' | 'db'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const content = await operators.findByUsername(merchantId, 'content');
  if (!content) return;
  const op = { merchantId, operatorId: content.id };
  const ip = '127.0.0.1';
  const t = (pt: string, en: string, es: string) => ({ PT: pt, EN: en, ES: es });
  for (const m of [
    {
      title: t('Deposite R$ 50,00 hoje', 'Deposit R$ 50.00 today', 'Deposita R$ 50,00 hoy'),
      period: 'daily',
      kind: 'deposit',
      target: '5000',
      rewardKind: 'cash',
      reward: '500',
    },
    {
      title: t('Jogue 10 rodadas hoje', 'Play 10 rounds today', 'Juega 10 rondas hoy'),
      period: 'daily',
      kind: 'rounds',
      target: '10',
      rewardKind: 'points',
      reward: '100',
    },
    {
      title: t(
        'Aposte R$ 500,00 em slots na semana',
        'Bet R$ 500.00 on slots this week',
        'Apuesta R$ 500,00 en slots esta semana',
      ),
      period: 'weekly',
      kind: 'turnover',
      gameType: 'RNG',
      target: '50000',
      rewardKind: 'bonus',
      reward: '2000',
      wageringMultiple: 5,
    },
    {
      title: t('Entre 3 dias seguidos', 'Log in 3 days in a row', 'Entra 3 días seguidos'),
      period: 'weekly',
      kind: 'login_days',
      target: '3',
      rewardKind: 'points',
      reward: '50',
    },
    {
      title: t('Convide um amigo que deposite', 'Invite a friend who deposits', 'Invita a un amigo que deposite'),
      period: 'once',
      kind: 'invite',
      target: '1',
      rewardKind: 'cash',
      reward: '1000',
    },
  ] as const) {
    await missions.save(op, { ...m, title: { ...m.title } }, ip);
  }
  await missions.saveBoard(
    op,
    {
      title: t('Corrida semanal de apostas', 'Weekly turnover race', 'Carrera semanal de apuestas'),
      metric: 'turnover',
      period: 'weekly',
      prizes: ['50000', '20000', '10000', '5000', '5000'],
    },
    ip,
  );
  for (const [username, bet] of RACERS) {
    const player = await accounts.createMember({
      merchantId,
      username,
      password: 'demo1234',
    });
    for (const [i, part] of [bet / 2n, bet - bet / 2n].entries()) {
      const roundId = `demo-race-${username}-${i}`;
      const base = { provider: 'DEMO', roundId };
      await providers.history.openHouseRound(db, {
        ...base,
        merchantId,
        memberId: player.id,
        vassalage: 'LOTUS',
        gameCode: 'lotus-slot',
        gameType: 'RNG',
        currency: 'BRL',
        bet: part,
        balanceAfter: null,
        detail: { demo: true },
      });
      await providers.history.endHouseRound(db, {
        ...base,
        status: 'closed',
        win: (part * 9n) / 10n,
        refund: 0n,
        balanceAfter: null,
        detail: {},
      });
    }
  }
};
