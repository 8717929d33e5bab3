import type { VipLevelInput } from '@app/contract';
import type { AppContext } from '../context.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';

/** A medal: a ribbon and a disc in the level's colours, with a mark (star, gem, crown…) drawn on it. */
const medal = (disc: string, rim: string, mark: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
  `<path d="M20 4h10l6 16h-10z" fill="#c0392b"/><path d="M44 4H34l-6 16h10z" fill="#e74c3c"/>` +
  `<circle cx="32" cy="40" r="20" fill="${rim}"/><circle cx="32" cy="40" r="16" fill="${disc}"/>` +
  `<g fill="#fff" fill-opacity=".92">${mark}</g></svg>`;
const STAR = '<path d="M32 29l3.2 6.6 7.3 1-5.3 5.1 1.3 7.2L32 45.5l-6.5 3.4 1.3-7.2-5.3-5.1 7.3-1z"/>';
const TWO_STARS =
  '<path d="M25 32l2.2 4.5 5 .7-3.6 3.5.9 5L25 43.3l-4.5 2.4.9-5-3.6-3.5 5-.7zM39 32l2.2 4.5 5 .7-3.6 3.5.9 5L39 43.3l-4.5 2.4.9-5-3.6-3.5 5-.7z"/>';
const SHIELD = '<path d="M32 28l10 4v7c0 6-4.5 10-10 12-5.5-2-10-6-10-12v-7z"/>';
const GEM = '<path d="M24 34h16l4 5-12 12-12-12z"/><path d="M26 34l6 5 6-5" fill="none" stroke="#0002"/>';
const DIAMOND =
  '<path d="M22 35l5-6h10l5 6-10 15z"/><path d="M22 35h20M27 29l5 6 5-6M32 35v15" fill="none" stroke="#0003"/>';
const CROWN = '<path d="M21 47l-2-15 7 6 6-10 6 10 7-6-2 15z"/><rect x="21" y="48" width="22" height="3" rx="1.5"/>';

const R = (reais: number) => String(reais * 100);

/**
 * The demo brand's VIP club (decision 074): six levels from Bronze to Black on deposits and valid
 * turnover over 90 days, both needed; upgrade bonuses from R$ 10,00 to R$ 5.000,00 as the promotion
 * says, weekly, monthly and birthday bonuses, higher daily withdrawal limits from Ouro, and a points
 * exchange bonus. Demo members are placed on several levels (without bonuses). The thresholds ask
 * for turnover as well as deposits, so the other demo flows' members (who deposit a little and play
 * a little) stay at level 0 and their balances do not move.
 */
export const seedVip = async ({
  merchants,
  operators,
  accounts,
  vip,
}: Pick<AppContext, 'merchants' | 'operators' | 'accounts' | 'vip'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const finance = await operators.findByUsername(merchantId, 'finance');
  if (!finance) return;
  const level = (
    name: string,
    icon: string,
    o: { deposit: number; turnover: number; upgrade: number; weekly: number; monthly: number; birthday: number },
    perks: { withdrawMax?: number; withdrawCount?: number; pointsBp?: number } = {},
  ): VipLevelInput => ({
    name,
    icon,
    depositMin: R(o.deposit),
    turnoverMin: R(o.turnover),
    keepDeposit: R(o.deposit / 2),
    keepTurnover: R(o.turnover / 2),
    upgradeBonus: R(o.upgrade),
    weeklyBonus: R(o.weekly),
    monthlyBonus: R(o.monthly),
    birthdayBonus: R(o.birthday),
    withdrawDailyMax: perks.withdrawMax ? R(perks.withdrawMax) : null,
    withdrawDailyCount: perks.withdrawCount ?? null,
    pointsBonusBp: perks.pointsBp ?? 0,
  });
  await vip.save(
    { merchantId, operatorId: finance.id },
    {
      windowDays: 90,
      match: 'all',
      levels: [
        level('Bronze', medal('#c98a4b', '#8e5a2b', STAR), {
          deposit: 100,
          turnover: 1_000,
          upgrade: 10,
          weekly: 2,
          monthly: 5,
          birthday: 10,
        }),
        level(
          'Prata',
          medal('#b8c2cc', '#7d8a96', TWO_STARS),
          { deposit: 500, turnover: 5_000, upgrade: 30, weekly: 5, monthly: 15, birthday: 20 },
          { pointsBp: 200 },
        ),
        level(
          'Ouro',
          medal('#f2c14e', '#b8860b', SHIELD),
          { deposit: 2_000, turnover: 20_000, upgrade: 100, weekly: 15, monthly: 50, birthday: 50 },
          { withdrawMax: 200_000, withdrawCount: 8, pointsBp: 500 },
        ),
        level(
          'Platina',
          medal('#7fd1c7', '#2e8b80', GEM),
          { deposit: 10_000, turnover: 100_000, upgrade: 500, weekly: 50, monthly: 200, birthday: 150 },
          { withdrawMax: 500_000, withdrawCount: 10, pointsBp: 800 },
        ),
        level(
          'Diamante',
          medal('#7ab8f5', '#2a6fb5', DIAMOND),
          { deposit: 50_000, turnover: 500_000, upgrade: 2_000, weekly: 200, monthly: 800, birthday: 500 },
          { withdrawMax: 1_000_000, withdrawCount: 15, pointsBp: 1_200 },
        ),
        level(
          'Black',
          medal('#2b2b33', '#d4af37', CROWN),
          { deposit: 200_000, turnover: 2_000_000, upgrade: 5_000, weekly: 500, monthly: 2_000, birthday: 1_000 },
          { withdrawMax: 2_000_000, withdrawCount: 20, pointsBp: 1_500 },
        ),
      ],
    },
    '127.0.0.1',
  );
  // Demo members on several levels: the demo player at Ouro, the agent's downline at Prata, and
  // three high rollers for the distribution report.
  const place = async (username: string, lvl: number) => {
    const m = await accounts.findByUsername(merchantId, username);
    if (m) await vip.place({ merchantId, memberId: m.id }, lvl);
  };
  await place(DEMO_ACCOUNTS.member.username, 3);
  await place(DEMO_ACCOUNTS.downline.username, 2);
  for (const [username, lvl, birthday] of [
    ['vip04', 4, '1985-04-12'],
    ['vip05', 5, '1979-11-30'],
    ['vip06', 6, '1990-07-21'],
  ] as const) {
    if (!(await accounts.findByUsername(merchantId, username)))
      await accounts.createMember({ merchantId, username, password: 'demo1234', nickname: `VIP ${lvl}`, birthday });
    await place(username, lvl);
  }
};
