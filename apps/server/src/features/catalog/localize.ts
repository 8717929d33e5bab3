import { GAME_TYPES, LANGUAGES, type GameType, type Language } from '@app/contract';

export { localized } from '../../lib/localized.ts';

/** Category titles used when a catalogue file does not give its own. */
export const DEFAULT_CATEGORY_TITLES: Record<GameType, Record<Language, string>> = {
  RNG: { PT: 'Cassino', EN: 'Casino', ZH: '电子', JA: 'スロット', TH: 'สล็อต', VI: 'Nổ hũ', ES: 'Casino' },
  LIVE: {
    PT: 'Ao Vivo',
    EN: 'Live Casino',
    ZH: '真人',
    JA: 'ライブカジノ',
    TH: 'คาสิโนสด',
    VI: 'Sòng bài trực tiếp',
    ES: 'En vivo',
  },
  FISH: { PT: 'Pescaria', EN: 'Fishing', ZH: '捕鱼', JA: 'フィッシング', TH: 'ยิงปลา', VI: 'Bắn cá', ES: 'Pesca' },
  PVP: { PT: 'PvP', EN: 'PvP', ZH: '棋牌', JA: '対戦', TH: 'เกมไพ่', VI: 'Game bài', ES: 'PvP' },
  BGS: {
    PT: 'Jogos da Casa',
    EN: 'In-house',
    ZH: '原创',
    JA: 'オリジナル',
    TH: 'เกมของเรา',
    VI: 'Trò chơi nhà',
    ES: 'De la casa',
  },
  SPORTS: { PT: 'Esportes', EN: 'Sports', ZH: '体育', JA: 'スポーツ', TH: 'กีฬา', VI: 'Thể thao', ES: 'Deportes' },
  ESPORTS: {
    PT: 'eSports',
    EN: 'eSports',
    ZH: '电竞',
    JA: 'eスポーツ',
    TH: 'อีสปอร์ต',
    VI: 'Thể thao điện tử',
    ES: 'eSports',
  },
  COCKFIGHT: {
    PT: 'Rinha de Galo',
    EN: 'Cockfight',
    ZH: '斗鸡',
    JA: '闘鶏',
    TH: 'ชนไก่',
    VI: 'Đá gà',
    ES: 'Pelea de gallos',
  },
  LOTT: { PT: 'Loteria', EN: 'Lottery', ZH: '彩票', JA: '宝くじ', TH: 'หวย', VI: 'Xổ số', ES: 'Lotería' },
  ELOTT: {
    PT: 'Loteria Rápida',
    EN: 'E-Lottery',
    ZH: '快彩',
    JA: 'クイック宝くじ',
    TH: 'หวยด่วน',
    VI: 'Xổ số nhanh',
    ES: 'Lotería rápida',
  },
};

/** Names of the classify keys every category has. */
export const BUILTIN_CLASSIFY_NAMES: Record<'ALL' | 'NEW' | 'HOT', Record<Language, string>> = {
  ALL: { PT: 'Todos', EN: 'All', ZH: '全部', JA: 'すべて', TH: 'ทั้งหมด', VI: 'Tất cả', ES: 'Todos' },
  NEW: { PT: 'Novos', EN: 'New', ZH: '新游戏', JA: '新作', TH: 'ใหม่', VI: 'Mới', ES: 'Nuevos' },
  HOT: { PT: 'Populares', EN: 'Hot', ZH: '热门', JA: '人気', TH: 'ยอดนิยม', VI: 'Nổi bật', ES: 'Populares' },
};

export const GAME_TYPE_ORDER: Record<string, number> = Object.fromEntries(GAME_TYPES.map((t, i) => [t, i]));
export const ALL_LANGUAGES: readonly Language[] = LANGUAGES;
