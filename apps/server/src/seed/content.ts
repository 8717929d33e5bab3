import type { AppContext } from '../context.ts';
import type { Language } from '@app/contract';
import { inEveryLanguage } from './content-texts.ts';
import { HELP_ARTICLES } from './help.ts';

/**
 * Demo site content, created through the operator content service so it passes the same checks
 * an operator's edits do: home and login banners, notices, popups (enough for two popup pages),
 * headlines in every brand language (content-texts.ts), and the help centre in PT and EN. The promotions themselves are real promotions
 * (seed/promotions.ts); banners and popups lead to them by type (/promotions#NEWBIE).
 */

const bi = (PT: string, EN: string) => ({ PT, EN });
/** A title or text in every language the demo has it in (content-texts.ts). */
const all = (pt: string, en: string, part: 0 | 1 = 0, key = en) =>
  inEveryLanguage(pt, en, part, key) as Partial<Record<Language, string>>;

const BANNERS = [
  {
    title: bi('Bônus de boas-vindas de 100%', '100% welcome bonus'),
    linkageType: 'PROMOTION' as const,
    linkage: 'NEWBIE',
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
    linkage: 'REBATE',
  },
  {
    title: bi('Convide amigos e ganhe', 'Invite friends and earn'),
    linkageType: 'ROUTE' as const,
    linkage: '/member?page=referral',
  },
];

/** Player notices (the notice list): [PT title, EN title, PT text, EN text]. */
const NOTICES = [
  [
    'Manutenção programada: Evo Live na terça, 03:00–05:00',
    'Scheduled maintenance: Evo Live on Tuesday, 03:00–05:00',
    'As mesas ao vivo da Evo Live ficam fora do ar na terça-feira das 03:00 às 05:00 (horário de Brasília) para atualização do provedor. Rodadas em andamento são concluídas antes da parada; os outros jogos seguem normalmente.',
    'Evo Live tables are offline on Tuesday from 03:00 to 05:00 (Brasília time) for a provider update. Rounds in progress finish before the stop; every other game stays open.',
  ],
  [
    'Novos slots desta semana',
    'New slots this week',
    'Chegaram 12 slots novos ao cassino, entre eles Fortune Tiger Deluxe e Lotus Gems do nosso estúdio. Procure a etiqueta "Novo" na lista de jogos.',
    'Twelve new slots have arrived in the casino, among them Fortune Tiger Deluxe and our studio’s Lotus Gems. Look for the "New" badge in the game list.',
  ],
  [
    'PIX: depósitos creditados em segundos',
    'PIX: deposits credited in seconds',
    'Os depósitos via PIX agora são confirmados automaticamente, 24 horas por dia. Pague o QR Code e o saldo aparece sem precisar enviar comprovante.',
    'PIX deposits are now confirmed automatically, around the clock. Pay the QR code and the balance appears without sending a receipt.',
  ],
  [
    'Jogue com responsabilidade',
    'Play responsibly',
    'Defina limites de depósito e pausas pelo suporte. Reduções valem na hora. Se o jogo deixou de ser diversão, veja a Central de ajuda › Jogo responsável.',
    'Set deposit limits and breaks through support. Lower limits apply at once. If gaming has stopped being fun, see Help centre › Responsible play.',
  ],
] as const;

/** Popup announcements (paginated 9 a page): [PT title, EN title, PT text, EN text]. */
const POPUPS = [
  [
    'Bônus de boas-vindas: 100% no primeiro depósito',
    'Welcome bonus: 100% on your first deposit',
    'Deposite a partir de R$ 20,00 e receba o mesmo valor em bônus, até R$ 1.000,00. Requisito de apostas de 10x; veja as regras em Promoções.',
    'Deposit R$ 20.00 or more and get the same again as a bonus, up to R$ 1,000.00. 10x wagering; see the rules under Promotions.',
  ],
  [
    'Manutenção do sistema na madrugada de quarta',
    'System maintenance early on Wednesday',
    'Na quarta-feira, entre 04:00 e 04:30, saques ficam em fila enquanto atualizamos o sistema de pagamentos. Depósitos e jogos continuam disponíveis.',
    'On Wednesday between 04:00 and 04:30, withdrawals queue while we update the payment system. Deposits and games stay available.',
  ],
  [
    'Novo: Crash Lotus com verificação de rodadas',
    'New: Lotus Crash with verifiable rounds',
    'Nosso novo crash mostra o hash de cada rodada antes dela começar. Confira qualquer resultado na página de verificação.',
    'Our new crash game shows each round’s hash before it starts. Check any result on the verify page.',
  ],
  [
    'Saques via PIX em até 5 minutos',
    'PIX withdrawals within 5 minutes',
    'A maioria dos saques agora é paga em até 5 minutos. Cadastre sua chave PIX em Minha conta › Saque para agilizar o primeiro pedido.',
    'Most withdrawals are now paid within 5 minutes. Add your PIX key in My account › Withdraw to speed up your first request.',
  ],
  [
    'Torneio de slots: R$ 50.000 em prêmios',
    'Slots tournament: R$ 50,000 in prizes',
    'De segunda a domingo, cada R$ 1,00 apostado em slots vale 1 ponto no ranking. Os 100 primeiros dividem R$ 50.000,00.',
    'Monday to Sunday, every R$ 1.00 bet on slots scores 1 ranking point. The top 100 share R$ 50,000.00.',
  ],
  [
    'Cashback semanal de até 10%',
    'Weekly cashback up to 10%',
    'Toda segunda-feira devolvemos até 10% das perdas líquidas da semana em cassino ao vivo, direto no saldo e sem requisito de apostas.',
    'Every Monday we return up to 10% of the week’s net live casino losses, straight to your balance with no wagering.',
  ],
  [
    'Baixe o app da Lotus88',
    'Get the Lotus88 app',
    'Instale o app no celular em menos de um minuto: veja o passo a passo para iPhone e Android em Baixar o app, no menu lateral.',
    'Install the app on your phone in under a minute: see the steps for iPhone and Android under App download in the side menu.',
  ],
  [
    'Proteja sua conta com o autenticador',
    'Protect your account with the authenticator',
    'Ative o código do autenticador em Minha conta › Central de segurança. Nosso suporte nunca pede sua senha ou código.',
    'Turn on authenticator codes in My account › Security centre. Our support never asks for your password or code.',
  ],
  [
    'Novo método de depósito: boleto',
    'New deposit method: bank slip',
    'Agora você também pode depositar por boleto. O crédito acontece após a compensação, em até 1 dia útil.',
    'You can now also deposit by bank slip. It is credited once it clears, within 1 business day.',
  ],
  [
    'Endereços alternativos do site',
    'Alternative site addresses',
    'Se o endereço principal não abrir na sua rede, use um dos nossos sites espelho. A lista atualizada fica na página Sites espelho, no rodapé.',
    'If the main address does not open on your network, use one of our mirror sites. The current list is on the Mirror sites page, in the footer.',
  ],
  [
    'Clube VIP: novos níveis e bônus de subida',
    'VIP club: new levels and level-up bonuses',
    'O clube VIP ganhou dois níveis novos. Cada subida de nível paga um bônus único e aumenta seu limite diário de saque.',
    'The VIP club has two new levels. Each level-up pays a one-off bonus and raises your daily withdrawal limit.',
  ],
  [
    'Limites de depósito e pausas',
    'Deposit limits and breaks',
    'Você pode definir um limite de depósito ou fazer uma pausa a qualquer momento. Fale com o suporte; reduções valem na hora.',
    'You can set a deposit limit or take a break at any time. Talk to support; lower limits apply at once.',
  ],
] as const;

export const seedContent = async ({ merchants, content }: Pick<AppContext, 'merchants' | 'content'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const m = content.manage;
  for (const [i, b] of BANNERS.entries()) {
    await m.createBanner(merchantId, {
      groupName: 'w_home',
      imageUrl: `banners/home-${i + 1}.svg`,
      sort: i + 1,
      ...b,
      title: all(b.title.PT, b.title.EN),
    });
  }
  for (const group of ['w_login', 'w_register', 'w_forget'] as const) {
    await m.createBanner(merchantId, {
      groupName: group,
      title: all('Bem-vindo', 'Welcome'),
      imageUrl: `banners/${group.slice(2)}.svg`,
    });
  }
  for (const [i, [pt, en, cpt, cen]] of NOTICES.entries()) {
    await m.createAnnouncement(merchantId, {
      type: 'PL',
      execution: 'B',
      sort: i + 1,
      title: all(pt, en),
      content: all(cpt, cen, 1, en),
    });
  }
  for (const [i, [pt, en, cpt, cen]] of POPUPS.entries()) {
    await m.createAnnouncement(merchantId, {
      type: 'PU',
      execution: 'B',
      sort: i + 1,
      title: all(pt, en),
      content: all(cpt, cen, 1, en),
      ...(i === 0 ? { promotionType: 'NEWBIE' as const } : {}),
    });
  }
  await m.createAnnouncement(merchantId, {
    type: 'PU',
    execution: 'A',
    sort: 0,
    title: all('Bem-vindo de volta!', 'Welcome back!'),
    content: all('Sua missão diária já está disponível.', 'Your daily mission is ready.', 1, 'Welcome back!'),
    promotionType: 'DAILY',
  });
  await m.createAnnouncement(merchantId, {
    type: 'H',
    execution: 'B',
    sort: 1,
    title: all('Saques via PIX em até 5 minutos • Suporte 24/7', 'PIX withdrawals within 5 minutes • 24/7 support'),
    content: all('Saques via PIX em até 5 minutos • Suporte 24/7', 'PIX withdrawals within 5 minutes • 24/7 support'),
  });
  await m.createAnnouncement(merchantId, {
    type: 'PL',
    execution: 'B',
    gameType: 'LIVE',
    vassalage: 'EVL',
    sort: 1,
    title: all('Evo Live: mesas novas de Bacará', 'Evo Live: new Baccarat tables'),
    content: all(
      'Cinco mesas novas de Bacará abertas 24 horas.',
      'Five new Baccarat tables open around the clock.',
      1,
      'Evo Live: new Baccarat tables',
    ),
  });
  for (const [i, h] of HELP_ARTICLES.entries()) {
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
