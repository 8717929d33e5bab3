import type { AppContext } from '../context.ts';

/**
 * The demo's points mall (issue 20, decision 067), set up through the mall's own desk service as
 * the finance operator would: earning ratios per game type, the exchange-rate table, and a few
 * items with drawn images (cash, a bonus with wagering, goods). Demo mode only. The demo players'
 * points are not seeded: they earn them from the rounds they play at start
 * (features/provider/demo-play.ts) through the points.earn job; demo01 gets points from the desk.
 */

const svg = (body: string, bg: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120"><rect width="160" height="120" rx="14" fill="${bg}"/>${body}</svg>`,
  )}`;

const coin = (label: string, bg: string) =>
  svg(
    `<circle cx="80" cy="60" r="38" fill="#f5c542" stroke="#b8860b" stroke-width="6"/>` +
      `<circle cx="80" cy="60" r="26" fill="none" stroke="#b8860b" stroke-width="2"/>` +
      `<text x="80" y="69" font-family="Arial,sans-serif" font-size="24" font-weight="700" text-anchor="middle" fill="#7a5200">${label}</text>`,
    bg,
  );

const SHIRT = svg(
  `<path d="M52 28 L68 22 Q80 32 92 22 L108 28 L128 46 L114 58 L106 52 L106 98 L54 98 L54 52 L46 58 L32 46 Z" fill="#e8eefc" stroke="#2b3a67" stroke-width="3"/>` +
    `<circle cx="80" cy="62" r="10" fill="#e0457b"/><path d="M80 50 Q86 60 80 72 Q74 60 80 50 Z" fill="#fff"/>`,
  '#2b3a67',
);

const HEADPHONES = svg(
  `<path d="M40 74 Q40 30 80 30 Q120 30 120 74" fill="none" stroke="#e8eefc" stroke-width="8"/>` +
    `<rect x="30" y="66" width="22" height="34" rx="8" fill="#e0457b"/><rect x="108" y="66" width="22" height="34" rx="8" fill="#e0457b"/>`,
  '#1d2333',
);

export const seedPoints = async ({
  merchants,
  operators,
  points,
  accounts,
}: Pick<AppContext, 'merchants' | 'operators' | 'points' | 'accounts'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const finance = await operators.findByUsername(merchantId, 'finance');
  if (!finance) return;
  const op = { merchantId, operatorId: finance.id };
  const ip = '127.0.0.1';
  // One point per R$ 10,00 of valid bets on slots, the house games, fishing, lottery and PvP; per
  // R$ 20,00 on live tables and sports, whose bets are larger. 100 points are R$ 1,00, more from
  // 1 000 and 5 000.
  await points.saveRules(
    op,
    {
      rules: [
        { gameType: 'RNG', turnoverPerPoint: '1000' },
        { gameType: 'BGS', turnoverPerPoint: '1000' },
        { gameType: 'FISH', turnoverPerPoint: '1000' },
        { gameType: 'PVP', turnoverPerPoint: '1000' },
        { gameType: 'LOTT', turnoverPerPoint: '1000' },
        { gameType: 'LIVE', turnoverPerPoint: '2000' },
        { gameType: 'SPORTS', turnoverPerPoint: '2000' },
      ],
      rates: [
        { minPoints: 100, amountPer100: '100' },
        { minPoints: 1000, amountPer100: '120' },
        { minPoints: 5000, amountPer100: '150' },
      ],
    },
    ip,
  );
  const items = [
    {
      kind: 'cash' as const,
      name: {
        PT: 'R$ 1,00 na carteira',
        EN: 'R$ 1.00 to your wallet',
        ES: 'R$ 1,00 a tu billetera',
        ZH: '钱包 R$ 1.00',
        JA: 'ウォレットに R$ 1.00',
        TH: 'R$ 1.00 เข้ากระเป๋าเงิน',
        VI: 'R$ 1,00 vào ví',
      },
      image: coin('R$1', '#123a2c'),
      stock: 1000,
      pointsCost: 80,
      cashAmount: '100',
      sort: 1,
    },
    {
      kind: 'cash' as const,
      name: {
        PT: 'R$ 20,00 na carteira',
        EN: 'R$ 20.00 to your wallet',
        ES: 'R$ 20,00 a tu billetera',
        ZH: '钱包 R$ 20.00',
        JA: 'ウォレットに R$ 20.00',
        TH: 'R$ 20.00 เข้ากระเป๋าเงิน',
        VI: 'R$ 20,00 vào ví',
      },
      image: coin('R$20', '#3a2412'),
      stock: 200,
      pointsCost: 1500,
      cashAmount: '2000',
      sort: 2,
    },
    {
      kind: 'bonus' as const,
      name: {
        PT: 'Bônus de R$ 10,00 (5x em apostas)',
        EN: 'R$ 10.00 bonus (5x wagering)',
        ES: 'Bono de R$ 10,00 (5x en apuestas)',
        ZH: 'R$ 10.00 奖金（5 倍流水）',
        JA: 'R$ 10.00 ボーナス（5 倍の賭け条件）',
        TH: 'โบนัส R$ 10.00 (ทำยอด 5 เท่า)',
        VI: 'Thưởng R$ 10,00 (cược 5 lần)',
      },
      image: coin('+10', '#3b1846'),
      stock: 500,
      pointsCost: 600,
      cashAmount: '1000',
      wageringMultiple: 5,
      sort: 3,
    },
    {
      kind: 'goods' as const,
      name: {
        PT: 'Camiseta Lotus',
        EN: 'Lotus T-shirt',
        ES: 'Camiseta Lotus',
        ZH: 'Lotus T 恤',
        JA: 'Lotus Tシャツ',
        TH: 'เสื้อยืด Lotus',
        VI: 'Áo thun Lotus',
      },
      image: SHIRT,
      stock: 25,
      pointsCost: 50,
      cashAmount: '0',
      sort: 3,
    },
    {
      kind: 'goods' as const,
      name: {
        PT: 'Fones de ouvido sem fio',
        EN: 'Wireless headphones',
        ES: 'Auriculares inalámbricos',
        ZH: '无线耳机',
        JA: 'ワイヤレスヘッドホン',
        TH: 'หูฟังไร้สาย',
        VI: 'Tai nghe không dây',
      },
      image: HEADPHONES,
      stock: 5,
      pointsCost: 6000,
      cashAmount: '0',
      amountRequirement: '100000',
      sort: 4,
    },
  ];
  for (const item of items) await points.saveItem(op, { amountRequirement: '0', enabled: true, ...item }, ip);
  // The demo member starts with a points history: welcome points and a loyalty gift from the desk
  // (the demo players earn theirs from the rounds they play at start).
  if (!(await accounts.findByUsername(merchantId, 'demo01'))) return;
  await points.adjust(op, { account: 'demo01', points: 2500, note: 'Pontos de boas-vindas do clube Lotus' }, ip);
  await points.adjust(op, { account: 'demo01', points: 750, note: 'Presente de fidelidade de novembro' }, ip);
};
