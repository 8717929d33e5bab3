import type { PromotionCreateBody } from '@app/contract';
import type { AppContext } from '../context.ts';

/**
 * The demo brand's eight advertised promotions (side menu, popup, banners), as real promotions made
 * through the promotions service, a ninth, the special offer reviewed by an operator, and a daily red
 * envelope drawn and paid by the raffle claim (decision 089). Five pay (the red envelope too):
 * the first-deposit bonus, the daily reload, the app download bonus (joined from the installed
 * app, once per device and address; decision 080), and the share-and-win offer (an activity
 * application with a comment and screenshots, approved on the console; decision 086). The other
 * five describe what other features pay (rebate, missions, VIP, ranking, points), so they are
 * information only: listed with their rules, never claimable (decision 065).
 */

const NOT_OPEN = {
  PT: '\n\nAs participações nesta promoção ainda não estão abertas; os prêmios começam a ser pagos quando ela abrir.',
  EN: '\n\nEntries to this promotion are not open yet; rewards start being paid when it opens.',
};

type Seeded = Omit<PromotionCreateBody, 'startsAt' | 'endsAt' | 'texts'> & {
  pt: [string, string, string];
  en: [string, string, string];
  info?: boolean;
};

const BASE: Omit<Seeded, 'type' | 'trigger' | 'sort' | 'pt' | 'en'> = {
  audience: 'all',
  audienceIds: [],
  minDeposit: '0',
  threshold: '0',
  formula: 'fixed',
  amount: '0',
  percentBp: 0,
  cap: '0',
  tiers: [],
  randomMin: '0',
  randomMax: '0',
  wageringMultiple: 0,
  gameTypes: [],
  claimMode: 'claim',
  limit: 'once',
  guards: [],
  artwork: null,
};

export const DEMO_PROMOTIONS: Seeded[] = [
  {
    ...BASE,
    type: 'NEWBIE',
    trigger: 'first_deposit',
    minDeposit: '2000',
    formula: 'percent',
    percentBp: 10_000,
    cap: '100000',
    wageringMultiple: 10,
    gameTypes: ['RNG'],
    claimMode: 'claim',
    artwork: '/cdn/banners/promo-first-deposit.svg',
    sort: 1,
    pt: [
      'Bônus de primeiro depósito',
      'Ganhe 100% do seu primeiro depósito em bônus, até R$ 1.000,00.',
      '- Depósito mínimo: R$ 20,00.\n- Resgate o bônus na Central de recompensas depois do depósito.\n- Requisito de apostas: 10x o bônus em slots antes de sacar; acompanhe em Detalhes do bônus.\n- Uma vez por conta.',
    ],
    en: [
      'First deposit bonus',
      'Get 100% of your first deposit as a bonus, up to R$ 1,000.00.',
      '- Minimum deposit: R$ 20.00.\n- Claim the bonus in the Rewards centre after the deposit.\n- Wagering: 10x the bonus on slots before withdrawing; follow it under Bonus details.\n- Once per account.',
    ],
  },
  {
    ...BASE,
    type: 'DEPOSIT',
    trigger: 'deposit_over',
    minDeposit: '5000',
    formula: 'percent',
    percentBp: 3000,
    cap: '30000',
    wageringMultiple: 8,
    claimMode: 'claim',
    limit: 'daily',
    artwork: '/cdn/banners/promo-reload.svg',
    sort: 2,
    pt: [
      'Recarga diária',
      'Todo dia, ganhe 30% de bônus no primeiro depósito de R$ 50,00 ou mais, até R$ 300,00.',
      '- Depósito mínimo: R$ 50,00.\n- Resgate o bônus na Central de recompensas.\n- Requisito de apostas: 8x o bônus, em qualquer jogo.\n- Uma vez por dia.',
    ],
    en: [
      'Daily reload',
      'Every day, get a 30% bonus on your first deposit of R$ 50.00 or more, up to R$ 300.00.',
      '- Minimum deposit: R$ 50.00.\n- Claim the bonus in the Rewards centre.\n- Wagering: 8x the bonus, on any game.\n- Once a day.',
    ],
  },
  {
    ...BASE,
    type: 'REBATE',
    // Paid by the rebate feature (decision 071), claimed on the member centre's manualRebate page.
    trigger: 'info',
    artwork: '/cdn/banners/promo-rebate.svg',
    sort: 3,
    pt: [
      'Rebate ilimitado em slots',
      'Receba de volta até 1,2% de tudo o que apostar em slots, todos os dias, ganhando ou perdendo.',
      '- Calculado sobre as apostas liquidadas: 1,2% em slots, 0,8% em pescaria e jogos da casa, 0,5% no cassino ao vivo e na loteria.\n- Sem limite de valor.\n- Resgate quando quiser na página Cashback manual da central do membro.',
    ],
    en: [
      'Unlimited slots rebate',
      'Get back up to 1.2% of everything you bet on slots, every day, win or lose.',
      '- Worked out on settled bets: 1.2% on slots, 0.8% on fishing and in-house games, 0.5% on live casino and lottery.\n- No upper limit.\n- Claim it whenever you like on the Manual rebate page of the member centre.',
    ],
  },
  {
    ...BASE,
    type: 'DAILY',
    trigger: 'info',
    info: true,
    artwork: '/cdn/banners/promo-daily.svg',
    sort: 4,
    pt: [
      'Missão diária',
      'Complete a missão do dia e ganhe até R$ 50,00 sem requisito de apostas.',
      '1. Aposte R$ 100,00 em qualquer jogo.\n1. Jogue em três provedores diferentes.\n1. Resgate o prêmio na central de recompensas até a meia-noite.',
    ],
    en: [
      'Daily mission',
      'Complete the day’s mission and win up to R$ 50.00 with no wagering.',
      '1. Bet R$ 100.00 on any game.\n1. Play with three different providers.\n1. Claim the prize in the rewards centre before midnight.',
    ],
  },
  {
    ...BASE,
    type: 'VIP',
    trigger: 'info',
    info: true,
    artwork: '/cdn/banners/promo-vip.svg',
    sort: 5,
    pt: [
      'Clube VIP: subidas de nível',
      'Cada nível VIP conquistado paga um bônus único, de R$ 10,00 a R$ 5.000,00.',
      '- Os níveis sobem com o total apostado.\n- Níveis altos têm limite de saque diário maior e gerente de conta.',
    ],
    en: [
      'VIP club level-ups',
      'Each VIP level you reach pays a one-off bonus, from R$ 10.00 to R$ 5,000.00.',
      '- Levels rise with your total bets.\n- Higher levels get a larger daily withdrawal limit and an account manager.',
    ],
  },
  {
    ...BASE,
    type: 'RANKING',
    trigger: 'info',
    info: true,
    artwork: '/cdn/banners/promo-ranking.svg',
    sort: 6,
    pt: [
      'Ranking semanal de apostas',
      'Os 100 jogadores que mais apostarem na semana dividem R$ 50.000,00.',
      '- A semana vai de segunda a domingo.\n- Cada R$ 1,00 apostado em slots vale 1 ponto.\n- Prêmios sem requisito de apostas.',
    ],
    en: [
      'Weekly betting ranking',
      'The 100 players who bet the most in the week share R$ 50,000.00.',
      '- The week runs Monday to Sunday.\n- Every R$ 1.00 bet on slots scores 1 point.\n- Prizes carry no wagering.',
    ],
  },
  {
    ...BASE,
    type: 'APP_DOWNLOAD',
    trigger: 'app_download',
    amount: '500',
    claimMode: 'auto',
    guards: ['device', 'address'],
    artwork: '/cdn/banners/promo-app.svg',
    sort: 7,
    pt: [
      'Baixe o app e ganhe',
      'Instale o app no celular e ganhe R$ 5,00 ao participar por ele.',
      '1. Siga o guia em Baixar o app, no menu lateral.\n1. Entre na sua conta pelo ícone na tela de início.\n1. Abra esta promoção no app e toque em Participar.\n- Uma vez por conta, por aparelho e por endereço de rede.',
    ],
    en: [
      'Download the app bonus',
      'Install the app on your phone and get R$ 5.00 when you join through it.',
      '1. Follow the guide under App download in the side menu.\n1. Log in from the icon on your home screen.\n1. Open this promotion in the app and press Join.\n- Once per account, per device and per network address.',
    ],
  },
  {
    ...BASE,
    type: 'SPECIAL_OFFER',
    // An activity application (decision 086): the member applies, an operator approves or rejects.
    trigger: 'manual',
    amount: '1000',
    claimMode: 'application',
    artwork: '/cdn/banners/promo-share.svg',
    sort: 9,
    pt: [
      'Compartilhe e ganhe',
      'Compartilhe sua vitória nas redes sociais, envie o pedido com os prints e ganhe R$ 10,00.',
      '1. Publique um print da sua vitória em uma rede social, marcando a marca.\n1. Abra esta promoção e toque em Solicitar: escreva o link da publicação (até 140 caracteres) e anexe até 3 prints (png ou jpg, até 5 MB cada).\n1. Nossa equipe analisa o pedido; aprovado, o bônus cai no saldo.\n- Uma vez por conta.',
    ],
    en: [
      'Share and win',
      'Share your win on social media, apply with the screenshots and get R$ 10.00.',
      '1. Post a screenshot of your win on a social network, tagging the brand.\n1. Open this promotion and press Apply: write the post’s link (up to 140 characters) and attach up to 3 screenshots (png or jpg, up to 5 MB each).\n1. Our team reviews the application; once approved, the bonus lands in your balance.\n- Once per account.',
    ],
  },
  {
    ...BASE,
    type: 'POINTS_MALL',
    trigger: 'info',
    info: true,
    artwork: '/cdn/banners/promo-points.svg',
    sort: 8,
    pt: [
      'Troque pontos por prêmios',
      'Cada aposta rende pontos que podem ser trocados por saldo e prêmios no Shopping de pontos.',
      '- R$ 10,00 apostados valem 1 ponto.',
    ],
    en: [
      'Swap points for prizes',
      'Every bet earns points you can swap for balance and prizes in the Points mall.',
      '- Every R$ 10.00 bet earns 1 point.',
    ],
  },
  {
    ...BASE,
    type: 'SPECIAL_OFFER',
    // A red envelope a day (decision 089): drawn from the CSPRNG between R$ 1,00 and R$ 8,88 and paid
    // at once by the raffle claim; no wagering, so other demo flows' balances are never locked.
    trigger: 'drop',
    formula: 'random',
    randomMin: '100',
    randomMax: '888',
    limit: 'daily',
    artwork: '/cdn/banners/promo-red-envelope.svg',
    sort: 10,
    pt: [
      'Envelope vermelho diário',
      'Abra um envelope vermelho por dia e ganhe de R$ 1,00 a R$ 8,88 na hora, sem requisito de apostas.',
      '- Um envelope por conta por dia.\n- O valor é sorteado ao abrir e entra no saldo na hora.\n- Veja os seus envelopes abertos nesta página e na Central de recompensas.',
    ],
    en: [
      'Daily red envelope',
      'Open a red envelope every day and win R$ 1.00 to R$ 8.88 at once, with no wagering.',
      '- One envelope per account per day.\n- The amount is drawn when you open it and lands in your balance at once.\n- See the envelopes you opened on this page and in the Rewards centre.',
    ],
  },
];

export const seedPromotions = async ({ merchants, promotions }: Pick<AppContext, 'merchants' | 'promotions'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const startsAt = new Date(Date.now() - 24 * 3600_000).toISOString();
  for (const { pt, en, info, ...p } of DEMO_PROMOTIONS) {
    await promotions.create(
      { merchantId, operatorId: 0 },
      {
        ...p,
        startsAt,
        endsAt: null,
        texts: {
          PT: { title: pt[0], description: pt[1], terms: pt[2] + (info ? NOT_OPEN.PT : '') },
          EN: { title: en[0], description: en[1], terms: en[2] + (info ? NOT_OPEN.EN : '') },
        },
      },
      '127.0.0.1',
      null,
    );
  }
};
