import type { AppContext } from '../context.ts';
import { prng, seedOf } from '../features/catalog/artwork.ts';
import { ADJECTIVES, NOUNS, SUFFIXES, slotName } from './catalog-words.ts';

/**
 * The demo catalogue: 43 vendors over every game type of spec §9 and a little over 10,000 games
 * with names in Portuguese and English. Generated deterministically (same catalogue on every
 * start) and loaded through the catalogue import, so it passes the same validation as any file.
 */

type V = { vassalage: string; displayName: string; gameTypes: string[] };
const vendor = (vassalage: string, displayName: string, ...gameTypes: string[]): V => ({
  vassalage,
  displayName,
  gameTypes,
});

export const DEMO_VENDORS: V[] = [
  vendor('LSP', 'Lotus Spin', 'RNG'),
  vendor('AUR', 'Aurora Gaming', 'RNG', 'FISH'),
  vendor('JGL', 'Jungle Reels', 'RNG', 'FISH'),
  vendor('NVA', 'Nova Slots', 'RNG'),
  vendor('RDG', 'Red Dragon Studio', 'RNG'),
  vendor('SKY', 'Skyline Play', 'RNG'),
  vendor('GLD', 'Golden Tiger', 'RNG'),
  vendor('MYT', 'Mythic Reels', 'RNG'),
  vendor('ZEN', 'Zen Games', 'RNG'),
  vendor('PIX', 'Pixel Forge', 'RNG'),
  vendor('VOL', 'Volcano Gaming', 'RNG'),
  vendor('ARC', 'Arcadia', 'RNG'),
  vendor('SMB', 'Samba Slots', 'RNG'),
  vendor('CRN', 'Carnaval Play', 'RNG'),
  vendor('ORB', 'Orbit Reels', 'RNG'),
  vendor('TRB', 'Tribal Wins', 'RNG'),
  vendor('NEO', 'Neon Nights', 'RNG'),
  vendor('FRT', 'Fortuna Labs', 'RNG'),
  vendor('EVL', 'Evo Live', 'LIVE'),
  vendor('RYL', 'Royal Live', 'LIVE'),
  vendor('DLR', 'Dealer One', 'LIVE'),
  vendor('DIA', 'Diamond Live', 'LIVE'),
  vendor('SLN', 'Salon Privé', 'LIVE'),
  vendor('ASL', 'Asia Live', 'LIVE'),
  vendor('FSH', 'Deep Sea Studio', 'FISH'),
  vendor('OCN', 'Ocean King Games', 'FISH'),
  vendor('RFH', 'Reef Hunters', 'FISH'),
  vendor('KNG', 'King Poker', 'PVP'),
  vendor('CRD', 'Card Masters', 'PVP'),
  vendor('MJG', 'Mahjong Hall', 'PVP'),
  vendor('DOM', 'Dominó Club', 'PVP'),
  vendor('BGS', 'Lotus Originals', 'BGS'),
  vendor('SBK', 'Lotus Sportsbook', 'SPORTS'),
  vendor('ARN', 'ArenaBet', 'SPORTS'),
  vendor('GOL', 'GoalLine', 'SPORTS'),
  vendor('EAR', 'eArena', 'ESPORTS'),
  vendor('TES', 'Thunder eSports', 'ESPORTS'),
  vendor('SBG', 'Sabong Live', 'COCKFIGHT'),
  vendor('GFC', 'Gallo Fight', 'COCKFIGHT'),
  vendor('LOTT', 'Lotus Lottery', 'LOTT'),
  vendor('TCG_LOTTO_VN', 'VN Lotto', 'LOTT'),
  vendor('TCG_SEA', 'SEA Lottery', 'LOTT'),
  vendor('ELOTT', 'Lotus E-Lottery', 'ELOTT'),
];

const SLOTS_PER_VENDOR = 545;

/** The cockfight vendor our own provider serves (house games' `cockfight`, decision 092); the other waits. */
export const HOUSE_COCKFIGHT_VENDOR = 'SBG';
/** The sports vendor our own provider serves (house games' sportsbook, decision 099); the others wait. */
export const HOUSE_SPORTS_VENDOR = 'SBK';
/** The PvP vendor our own provider serves (house games' card rooms); its catalogue is the titles we deal. */
export const HOUSE_PVP_VENDOR = 'CRD';
const HOUSE_PVP: { en: string; pt: string; tag: string }[] = [
  { en: 'Niu Niu', pt: 'Niu Niu', tag: 'CARDS' },
  { en: 'Teen Patti', pt: 'Teen Patti', tag: 'CARDS' },
];

type Game = Record<string, unknown> & {
  vassalage: string;
  gameCode: string;
  gameType: string;
  names: { PT: string; EN: string };
};

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const slotGames = (v: V, rnd: () => number): Game[] => {
  const combos = NOUNS.length * ADJECTIVES.length * SUFFIXES.length;
  const start = seedOf(v.vassalage) % combos;
  const step = 7919; // prime, coprime with the number of combos: walks every combination once
  const out: Game[] = [];
  for (let i = 0; out.length < SLOTS_PER_VENDOR; i++) {
    const k = (start + i * step) % combos;
    const noun = NOUNS[k % NOUNS.length]!;
    const adj = ADJECTIVES[Math.floor(k / NOUNS.length) % ADJECTIVES.length]!;
    const suffix = SUFFIXES[Math.floor(k / (NOUNS.length * ADJECTIVES.length))]!;
    const name = slotName(adj, noun, suffix);
    const lines = [5, 9, 10, 20, 25, 30, 40, 50, 243, 1024][Math.floor(rnd() * 10)]!;
    out.push({
      vassalage: v.vassalage,
      gameCode: `${v.vassalage.toLowerCase()}-${slug(name.en)}`,
      gameType: 'RNG',
      names: { PT: name.pt, EN: name.en },
      classify: ['SLOT', ...(suffix.tag ? [suffix.tag] : [])],
      minBet: String([10, 20, 40, 50, 100, 200, 500][Math.floor(rnd() * 7)]),
      lines,
      isNew: rnd() < 0.03,
      isHot: rnd() < 0.008,
      supportPlay: rnd() < 0.7 ? 0 : 1,
    });
  }
  return out;
};

const LIVE_TABLES: { en: string; pt: string; tag: string }[] = [
  { en: 'Baccarat', pt: 'Bacará', tag: 'BACCARAT' },
  { en: 'Speed Baccarat', pt: 'Bacará Rápido', tag: 'BACCARAT' },
  { en: 'Squeeze Baccarat', pt: 'Bacará Squeeze', tag: 'BACCARAT' },
  { en: 'Roulette', pt: 'Roleta', tag: 'ROULETTE' },
  { en: 'Speed Roulette', pt: 'Roleta Rápida', tag: 'ROULETTE' },
  { en: 'Lightning Roulette', pt: 'Roleta Relâmpago', tag: 'ROULETTE' },
  { en: 'Brazilian Roulette', pt: 'Roleta Brasileira', tag: 'ROULETTE' },
  { en: 'Blackjack', pt: 'Blackjack', tag: 'BLACKJACK' },
  { en: 'VIP Blackjack', pt: 'Blackjack VIP', tag: 'BLACKJACK' },
  { en: 'Sic Bo', pt: 'Sic Bo', tag: 'SICBO' },
  { en: 'Dragon Tiger', pt: 'Dragão Tigre', tag: 'DRAGONTIGER' },
  { en: 'Fan Tan', pt: 'Fan Tan', tag: 'SICBO' },
  { en: 'Football Studio', pt: 'Estúdio de Futebol', tag: 'DRAGONTIGER' },
];

const simple = (
  v: V,
  gameType: string,
  items: { en: string; pt: string; tag?: string }[],
  extra: Record<string, unknown> = {},
): Game[] =>
  items.map((it) => ({
    vassalage: v.vassalage,
    gameCode: `${v.vassalage.toLowerCase()}-${slug(it.en)}`,
    gameType,
    names: { PT: it.pt, EN: it.en },
    ...(it.tag ? { classify: [it.tag] } : {}),
    ...extra,
  }));

const providerEntry = (v: V, gameType: string): Game => ({
  vassalage: v.vassalage,
  gameCode: `${v.vassalage.toLowerCase()}-lobby`,
  gameType,
  names: { PT: `${v.displayName} Lobby`, EN: `${v.displayName} Lobby` },
  isGame: 'VASSALAGE',
  sort: -1000,
});

const FISH = [
  ['Ocean King', 'Rei do Oceano'],
  ['Fishing War', 'Guerra da Pesca'],
  ['Golden Shark', 'Tubarão Dourado'],
  ['Mermaid Hunt', 'Caça à Sereia'],
  ['Deep Sea Boss', 'Chefe do Mar Profundo'],
  ['Dragon Fishing', 'Pesca do Dragão'],
  ['Happy Fishing', 'Pesca Feliz'],
  ['Bombing Fishing', 'Pesca Explosiva'],
  ['Jackpot Fishing', 'Pesca Jackpot'],
  ['Crab Catcher', 'Pegador de Caranguejo'],
  ['Reef Legends', 'Lendas do Recife'],
  ['Whale Rush', 'Corrida das Baleias'],
].map(([en, pt]) => ({ en: en!, pt: pt! }));

const PVP: { en: string; pt: string; tag: string }[] = [
  { en: 'Texas Hold’em', pt: 'Texas Hold’em', tag: 'CARDS' },
  { en: 'Omaha', pt: 'Omaha', tag: 'CARDS' },
  { en: 'Truco', pt: 'Truco', tag: 'CARDS' },
  { en: 'Buraco', pt: 'Buraco', tag: 'CARDS' },
  { en: 'Teen Patti', pt: 'Teen Patti', tag: 'CARDS' },
  { en: 'Rummy', pt: 'Rummy', tag: 'CARDS' },
  { en: 'Blackjack Duel', pt: 'Duelo de Blackjack', tag: 'CARDS' },
  { en: 'Mahjong Ways', pt: 'Caminhos do Mahjong', tag: 'TILES' },
  { en: 'Mahjong Battle', pt: 'Batalha de Mahjong', tag: 'TILES' },
  { en: 'Domino Gaple', pt: 'Dominó Gaple', tag: 'TILES' },
  { en: 'Domino QiuQiu', pt: 'Dominó QiuQiu', tag: 'TILES' },
  { en: 'Ludo', pt: 'Ludo', tag: 'BOARD' },
  { en: 'Chess Blitz', pt: 'Xadrez Relâmpago', tag: 'BOARD' },
  { en: 'Checkers', pt: 'Damas', tag: 'BOARD' },
  { en: 'Bingo 75', pt: 'Bingo 75', tag: 'BOARD' },
];

const LOTT: { en: string; pt: string }[] = ['SSC', 'PK10', '11X5', 'LHC', 'LF'].flatMap((kind) =>
  [
    ['1 min', '1 min'],
    ['3 min', '3 min'],
    ['5 min', '5 min'],
  ].map(([en, pt]) => ({ en: `${kind} ${en}`, pt: `${kind} ${pt}` })),
);
const VN = [
  ['Northern Lottery', 'Loteria do Norte (Miền Bắc)'],
  ['Southern Lottery', 'Loteria do Sul (Miền Nam)'],
  ['Central Lottery', 'Loteria Central (Miền Trung)'],
  ['Hanoi VIP', 'Hanói VIP'],
  ['Saigon Fast', 'Saigon Rápida'],
  ['Mega 6/45', 'Mega 6/45'],
].map(([en, pt]) => ({ en: en!, pt: pt! }));
const SEA = [
  ['Thai Lottery', 'Loteria Tailandesa'],
  ['Lao Lottery', 'Loteria do Laos'],
  ['Malaysia 4D', 'Malásia 4D'],
  ['Singapore 4D', 'Singapura 4D'],
  ['Cambodia Lotto', 'Loto do Camboja'],
].map(([en, pt]) => ({ en: en!, pt: pt! }));
const ELOTT = [
  ['Keno Express', 'Keno Expresso'],
  ['Lucky 5', 'Sorte 5'],
  ['Fast 3', 'Rápido 3'],
  ['Speed Racing', 'Corrida Veloz'],
  ['Wheel of Numbers', 'Roda dos Números'],
  ['Bingo Rush', 'Bingo Relâmpago'],
  ['Color Game', 'Jogo das Cores'],
  ['Quick Pick 10', 'Escolha Rápida 10'],
  ['Dice Lotto', 'Loto dos Dados'],
  ['Star Draw', 'Sorteio Estrela'],
].map(([en, pt]) => ({ en: en!, pt: pt! }));

type Names = { PT: string; EN: string; ZH: string; JA: string; TH: string; VI: string; ES: string };
/** Names in the seven languages a brand can offer, in the order PT EN ZH JA TH VI ES. */
const n = (PT: string, EN: string, ZH: string, JA: string, TH: string, VI: string, ES: string): Names => ({
  PT,
  EN,
  ZH,
  JA,
  TH,
  VI,
  ES,
});
const classify = (key: string, names: Names, rule = 'TAG', threshold?: string) => ({
  key,
  names,
  rule,
  ...(threshold ? { threshold } : {}),
});

export const DEMO_CATEGORIES = [
  {
    gameType: 'RNG',
    title: n('Cassino', 'Casino', '电子', 'スロット', 'สล็อต', 'Nổ hũ', 'Casino'),
    classify: [
      classify('SLOT', n('Slots', 'Slots', '老虎机', 'スロット', 'สล็อต', 'Slot', 'Tragamonedas')),
      classify(
        'MEGAWAYS',
        n('Megaways', 'Megaways', 'Megaways 玩法', 'メガウェイズ', 'เมกะเวย์', 'Megaways', 'Megaways'),
      ),
      classify('JACKPOT', n('Jackpot', 'Jackpot', '奖池', 'ジャックポット', 'แจ็คพอต', 'Hũ thưởng', 'Bote')),
      classify('CLASSIC', n('Clássicos', 'Classic', '经典', 'クラシック', 'คลาสสิก', 'Cổ điển', 'Clásicos')),
      classify(
        'MINBET1',
        n(
          'Aposta mín. 1+',
          'Min bet 1+',
          '最低投注 1+',
          '最低ベット 1+',
          'เดิมพันขั้นต่ำ 1+',
          'Cược tối thiểu 1+',
          'Apuesta mín. 1+',
        ),
        'MIN_BET',
        '100',
      ),
      classify(
        'LINES25',
        n('25+ linhas', '25+ lines', '25+ 条线', '25+ ライン', '25+ ไลน์', '25+ dòng', '25+ líneas'),
        'MIN_LINES',
        '25',
      ),
    ],
  },
  {
    gameType: 'LIVE',
    title: n('Ao Vivo', 'Live Casino', '真人', 'ライブカジノ', 'คาสิโนสด', 'Casino trực tuyến', 'En vivo'),
    classify: [
      classify('BACCARAT', n('Bacará', 'Baccarat', '百家乐', 'バカラ', 'บาคาร่า', 'Baccarat', 'Bacará')),
      classify('ROULETTE', n('Roleta', 'Roulette', '轮盘', 'ルーレット', 'รูเล็ต', 'Roulette', 'Ruleta')),
      classify('BLACKJACK', n('Blackjack', 'Blackjack', '21点', 'ブラックジャック', 'แบล็คแจ็ค', 'Xì dách', 'Blackjack')),
      classify('SICBO', n('Dados', 'Dice', '骰宝', '大小', 'ไฮโล', 'Tài xỉu', 'Dados')),
      classify(
        'DRAGONTIGER',
        n('Dragão Tigre', 'Dragon Tiger', '龙虎', 'ドラゴンタイガー', 'เสือมังกร', 'Rồng Hổ', 'Dragón Tigre'),
      ),
    ],
  },
  {
    gameType: 'PVP',
    title: n('PvP', 'PvP', '棋牌', '対戦', 'เกมไพ่', 'Game bài', 'PvP'),
    classify: [
      classify('CARDS', n('Cartas', 'Cards', '扑克', 'カード', 'ไพ่', 'Bài', 'Cartas')),
      classify('TILES', n('Peças', 'Tiles', '麻将', '麻雀牌', 'ไพ่นกกระจอก', 'Mạt chược', 'Fichas')),
      classify('BOARD', n('Tabuleiro', 'Board', '棋类', 'ボードゲーム', 'เกมกระดาน', 'Cờ', 'Tablero')),
    ],
  },
];

/** The whole demo catalogue as a catalogue file would hold it. */
export const demoCatalogue = () => {
  const rnd = prng(20260101);
  const games: Game[] = [];
  for (const v of DEMO_VENDORS) {
    for (const t of v.gameTypes) {
      if (t === 'RNG') games.push(...slotGames(v, rnd));
      else if (t === 'LIVE')
        games.push(
          providerEntry(v, t),
          ...simple(
            v,
            t,
            LIVE_TABLES.map((x, i) => ({ ...x, en: `${x.en} ${1 + (i % 2)}`, pt: `${x.pt} ${1 + (i % 2)}` })).concat(
              LIVE_TABLES,
            ),
          ),
        );
      else if (t === 'FISH') games.push(...simple(v, t, FISH.slice(0, 12)));
      else if (t === 'PVP')
        games.push(
          ...(v.vassalage === HOUSE_PVP_VENDOR
            ? simple(v, t, HOUSE_PVP, { isNew: true, isHot: true, supportPlay: 0 })
            : simple(v, t, PVP)),
        );
      else if (t === 'BGS')
        games.push(
          ...simple(
            v,
            t,
            [
              { en: 'Dice', pt: 'Dados' },
              { en: 'Crash', pt: 'Crash' },
            ],
            { isNew: true, isHot: true, supportPlay: 0 },
          ).map((g) => ({ ...g, gameCode: g.names.EN.toLowerCase() })),
        );
      else if (t === 'SPORTS')
        games.push(
          ...simple(v, t, [
            { en: `${v.displayName}`, pt: `${v.displayName}` },
            { en: 'Virtual Football', pt: 'Futebol Virtual' },
          ]),
        );
      else if (t === 'COCKFIGHT' && v.vassalage === HOUSE_COCKFIGHT_VENDOR)
        games.push(
          ...simple(v, t, [{ en: v.displayName, pt: v.displayName }], { isNew: true }).map((g) => ({
            ...g,
            gameCode: 'cockfight',
          })),
        );
      else if (t === 'ESPORTS' || t === 'COCKFIGHT')
        games.push(...simple(v, t, [{ en: v.displayName, pt: v.displayName }]));
      else if (v.vassalage === 'TCG_LOTTO_VN') games.push(...simple(v, t, VN));
      else if (v.vassalage === 'TCG_SEA') games.push(...simple(v, t, SEA));
      else if (t === 'LOTT') games.push(...simple(v, t, LOTT));
      else games.push(...simple(v, t, ELOTT));
    }
  }
  // Popularity order: a seeded shuffle, so vendors interleave in "all" lists.
  const order = games.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  order.forEach((gi, rank) => {
    const g = games[gi]!;
    g.sort ??= rank + 1;
  });
  return { vendors: DEMO_VENDORS, categories: DEMO_CATEGORIES, games };
};

export const seedCatalog = async ({ merchants, catalog }: Pick<AppContext, 'merchants' | 'catalog'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const cat = demoCatalogue();
  const at = (list: unknown[]) => list.map((value, i) => ({ row: i + 1, value }));
  const report = await catalog.manage.importCatalogue(merchantId, {
    vendors: at(cat.vendors),
    categories: at(cat.categories),
    games: at(cat.games),
  });
  if (report.rejected.length)
    throw new Error(`Demo catalogue rows rejected: ${JSON.stringify(report.rejected.slice(0, 3))}`);
  return report;
};
