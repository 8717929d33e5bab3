import type { AppContext } from '../context.ts';

/**
 * Demo site content, created through the operator content service so it passes the same checks
 * an operator's edits do: home and login banners, notices, popups (enough for two popup pages),
 * promotions (more than the side menu's six), headlines and the help centre in PT and EN.
 */

const bi = (PT: string, EN: string) => ({ PT, EN });

const BANNERS = [
  {
    title: bi('Bônus de boas-vindas de 100%', '100% welcome bonus'),
    linkageType: 'PROMOTION' as const,
    linkage: 'welcome',
  },
  {
    title: bi('Torneio de slots: R$ 50.000 em prêmios', 'Slots tournament: R$ 50,000 in prizes'),
    linkageType: 'ROUTE' as const,
    linkage: '/rng',
  },
  {
    title: bi('Cassino ao vivo 24 horas', 'Live casino around the clock'),
    linkageType: 'ROUTE' as const,
    linkage: '/live',
  },
  {
    title: bi('Cashback semanal de até 10%', 'Weekly cashback up to 10%'),
    linkageType: 'PROMOTION' as const,
    linkage: 'cashback',
  },
  {
    title: bi('Convide amigos e ganhe', 'Invite friends and earn'),
    linkageType: 'ROUTE' as const,
    linkage: '/member?page=referral',
  },
];

const PROMOTIONS = [
  ['NEWBIE', 'Bônus de primeiro depósito', 'First deposit bonus'],
  ['DAILY', 'Missão diária', 'Daily mission'],
  ['REBATE', 'Rebate ilimitado em slots', 'Unlimited slots rebate'],
  ['VIP', 'Clube VIP: subidas de nível', 'VIP club level-ups'],
  ['RANKING', 'Ranking semanal de apostas', 'Weekly betting ranking'],
  ['DEPOSIT', 'Recarga de sexta-feira', 'Friday reload'],
  ['APP_DOWNLOAD', 'Baixe o app e ganhe', 'Download the app bonus'],
  ['POINTS_MALL', 'Troque pontos por prêmios', 'Swap points for prizes'],
] as const;

const NOTICES = [
  ['Manutenção programada do provedor Evo Live', 'Scheduled maintenance for Evo Live'],
  ['Novos jogos toda semana no Cassino', 'New casino games every week'],
  ['Depósitos via PIX agora em segundos', 'PIX deposits now land in seconds'],
  ['Jogue com responsabilidade', 'Play responsibly'],
];

const POPUPS = Array.from({ length: 12 }, (_, i) => i + 1).map((n) => [
  `Aviso ${n}: novidades da plataforma`,
  `Notice ${n}: platform news`,
  `Confira as novidades da semana ${n}: novos provedores, torneios e melhorias de desempenho.`,
  `See what is new in week ${n}: new providers, tournaments and faster pages.`,
]);

const HELP: { term: string; category: string; pt: [string, string]; en: [string, string] }[] = [
  {
    term: 'about',
    category: 'about',
    pt: [
      'Sobre nós',
      'Somos uma plataforma de entretenimento online licenciada, com cassino, ao vivo, esportes e loterias.',
    ],
    en: [
      'About us',
      'We are a licensed online entertainment platform with casino, live dealers, sports and lotteries.',
    ],
  },
  {
    term: 'term',
    category: 'rules',
    pt: ['Termos e condições', 'Ao usar o site você concorda com estes termos. Você precisa ter 18 anos ou mais.'],
    en: ['Terms and conditions', 'By using the site you agree to these terms. You must be 18 or older.'],
  },
  {
    term: 'privacy',
    category: 'rules',
    pt: ['Política de privacidade', 'Protegemos seus dados pessoais e nunca os vendemos a terceiros.'],
    en: ['Privacy policy', 'We protect your personal data and never sell it to third parties.'],
  },
  {
    term: 'responsible',
    category: 'rules',
    pt: ['Jogo responsável', 'Defina limites, faça pausas e procure ajuda se o jogo deixar de ser diversão.'],
    en: ['Responsible gaming', 'Set limits, take breaks and seek help if gaming stops being fun.'],
  },
  {
    term: 'faq',
    category: 'help',
    pt: ['Perguntas frequentes', 'Como depositar, sacar, recuperar a senha e falar com o suporte.'],
    en: ['FAQ', 'How to deposit, withdraw, recover your password and reach support.'],
  },
  {
    term: 'deposit',
    category: 'help',
    pt: [
      'Como depositar',
      'Escolha o método, informe o valor e confirme. O saldo é creditado assim que o pagamento é confirmado.',
    ],
    en: [
      'How to deposit',
      'Pick a method, enter the amount and confirm. Your balance is credited once the payment is confirmed.',
    ],
  },
  {
    term: 'withdraw',
    category: 'help',
    pt: [
      'Como sacar',
      'Cadastre sua conta, informe o valor e a senha de pagamento. Confirme o recebimento quando o valor chegar.',
    ],
    en: [
      'How to withdraw',
      'Add your account, enter the amount and payment password. Confirm receipt when the money arrives.',
    ],
  },
];

export const seedContent = async ({ merchants, content }: Pick<AppContext, 'merchants' | 'content'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const m = content.manage;
  for (const [i, b] of BANNERS.entries()) {
    await m.createBanner(merchantId, { groupName: 'w_home', imageUrl: `banners/home-${i + 1}.svg`, sort: i + 1, ...b });
  }
  for (const group of ['w_login', 'w_register', 'w_forget'] as const) {
    await m.createBanner(merchantId, {
      groupName: group,
      title: bi('Bem-vindo', 'Welcome'),
      imageUrl: `banners/${group.slice(2)}.svg`,
    });
  }
  for (const [i, [promotionType, pt, en]] of PROMOTIONS.entries()) {
    await m.createAnnouncement(merchantId, {
      type: 'PR',
      execution: 'B',
      promotionType,
      sort: i + 1,
      title: bi(pt, en),
      content: bi(`${pt}: veja as regras na página de promoções.`, `${en}: see the rules on the promotions page.`),
    });
  }
  for (const [i, [pt, en]] of NOTICES.entries()) {
    await m.createAnnouncement(merchantId, {
      type: 'PL',
      execution: 'B',
      sort: i + 1,
      title: bi(pt!, en!),
      content: bi(pt!, en!),
    });
  }
  for (const [i, [pt, en, cpt, cen]] of POPUPS.entries()) {
    await m.createAnnouncement(merchantId, {
      type: 'PU',
      execution: 'B',
      sort: i + 1,
      title: bi(pt!, en!),
      content: bi(cpt!, cen!),
      ...(i === 0 ? { promotionType: 'NEWBIE' as const } : {}),
    });
  }
  await m.createAnnouncement(merchantId, {
    type: 'PU',
    execution: 'A',
    sort: 0,
    title: bi('Bem-vindo de volta!', 'Welcome back!'),
    content: bi('Sua missão diária já está disponível.', 'Your daily mission is ready.'),
    promotionType: 'DAILY',
  });
  await m.createAnnouncement(merchantId, {
    type: 'H',
    execution: 'B',
    sort: 1,
    title: bi('Saques via PIX em até 5 minutos • Suporte 24/7', 'PIX withdrawals within 5 minutes • 24/7 support'),
    content: bi('Saques via PIX em até 5 minutos • Suporte 24/7', 'PIX withdrawals within 5 minutes • 24/7 support'),
  });
  await m.createAnnouncement(merchantId, {
    type: 'PL',
    execution: 'B',
    gameType: 'LIVE',
    vassalage: 'EVL',
    sort: 1,
    title: bi('Evo Live: mesas novas de Bacará', 'Evo Live: new Baccarat tables'),
    content: bi('Cinco mesas novas de Bacará abertas 24 horas.', 'Five new Baccarat tables open around the clock.'),
  });
  for (const [i, h] of HELP.entries()) {
    await m.createHelp(merchantId, {
      term: h.term,
      language: 'PT',
      category: h.category,
      title: h.pt[0],
      content: h.pt[1],
      sort: i + 1,
    });
    await m.createHelp(merchantId, {
      term: h.term,
      language: 'EN',
      category: h.category,
      title: h.en[0],
      content: h.en[1],
      sort: i + 1,
    });
  }
};
