/**
 * Slot themes: how a game looks. Pure data shared by the game server (names, the round record) and
 * the React screens (colours, symbol art). A theme never changes the maths.
 */
export type IconName =
  | 'seven'
  | 'bar'
  | 'cherry'
  | 'bell'
  | 'lemon'
  | 'grape'
  | 'melon'
  | 'star'
  | 'diamond'
  | 'crown'
  | 'coin'
  | 'clover'
  | 'heart'
  | 'moon'
  | 'sun'
  | 'flame'
  | 'drop'
  | 'leaf'
  | 'lotus'
  | 'pearl'
  | 'shell'
  | 'anchor'
  | 'eye'
  | 'ankh'
  | 'pyramid'
  | 'scarab'
  | 'mask'
  | 'feather'
  | 'skull'
  | 'gem'
  | 'rocket'
  | 'planet'
  | 'bolt'
  | 'horseshoe'
  | 'cactus'
  | 'hat'
  | 'candy'
  | 'lollipop'
  | 'dragon'
  | 'lantern'
  | 'fan'
  | 'sword'
  | 'shield'
  | 'axe'
  | 'paw'
  | 'banana'
  | 'drum'
  | 'trophy';

export interface SlotTheme {
  id: string;
  name: { en: string; pt: string };
  /** Background gradient, reel frame, accent and text colours. */
  palette: { bg: [string, string]; frame: string; reel: string; accent: string; glow: string };
  /** Art for h1..h5 (best first). */
  high: IconName[];
  /** Colour per low symbol l1..l6 (card ranks A K Q J 10 9). */
  lowColors: string[];
  scatterIcon: IconName;
}

const card = ['#f97316', '#ef4444', '#a855f7', '#3b82f6', '#22c55e', '#14b8a6'];

export const SLOT_THEMES: readonly SlotTheme[] = [
  {
    id: 'fruit',
    name: { en: 'Fruit Fiesta', pt: 'Festa das Frutas' },
    palette: { bg: ['#3b0764', '#111827'], frame: '#f59e0b', reel: '#1f1535', accent: '#facc15', glow: '#fde047' },
    high: ['seven', 'melon', 'grape', 'cherry', 'lemon'],
    lowColors: card,
    scatterIcon: 'star',
  },
  {
    id: 'dragon',
    name: { en: 'Dragon Fortune', pt: 'Fortuna do Dragão' },
    palette: { bg: ['#7f1d1d', '#1c0a0a'], frame: '#eab308', reel: '#2a0f0f', accent: '#fbbf24', glow: '#f87171' },
    high: ['dragon', 'lantern', 'coin', 'fan', 'pearl'],
    lowColors: card,
    scatterIcon: 'flame',
  },
  {
    id: 'pharaoh',
    name: { en: 'Pharaoh Gold', pt: 'Ouro do Faraó' },
    palette: { bg: ['#78350f', '#1c1305'], frame: '#d4a017', reel: '#2b1d07', accent: '#fcd34d', glow: '#fde68a' },
    high: ['eye', 'ankh', 'scarab', 'pyramid', 'feather'],
    lowColors: card,
    scatterIcon: 'sun',
  },
  {
    id: 'ocean',
    name: { en: 'Ocean Pearls', pt: 'Pérolas do Oceano' },
    palette: { bg: ['#0c4a6e', '#020617'], frame: '#38bdf8', reel: '#0b2540', accent: '#67e8f9', glow: '#22d3ee' },
    high: ['pearl', 'shell', 'anchor', 'drop', 'star'],
    lowColors: card,
    scatterIcon: 'moon',
  },
  {
    id: 'jungle',
    name: { en: 'Jungle Spirits', pt: 'Espíritos da Selva' },
    palette: { bg: ['#14532d', '#052e16'], frame: '#84cc16', reel: '#0f2a17', accent: '#bef264', glow: '#4ade80' },
    high: ['mask', 'paw', 'banana', 'drum', 'leaf'],
    lowColors: card,
    scatterIcon: 'sun',
  },
  {
    id: 'gems',
    name: { en: 'Gem Vault', pt: 'Cofre de Gemas' },
    palette: { bg: ['#312e81', '#0f0a2e'], frame: '#a78bfa', reel: '#1b1645', accent: '#c4b5fd', glow: '#e879f9' },
    high: ['diamond', 'gem', 'crown', 'heart', 'star'],
    lowColors: card,
    scatterIcon: 'bolt',
  },
  {
    id: 'space',
    name: { en: 'Cosmic Quest', pt: 'Missão Cósmica' },
    palette: { bg: ['#1e1b4b', '#030712'], frame: '#818cf8', reel: '#111033', accent: '#a5b4fc', glow: '#60a5fa' },
    high: ['rocket', 'planet', 'moon', 'star', 'bolt'],
    lowColors: card,
    scatterIcon: 'sun',
  },
  {
    id: 'carnival',
    name: { en: 'Samba Carnival', pt: 'Carnaval do Samba' },
    palette: { bg: ['#831843', '#1e0a1a'], frame: '#f472b6', reel: '#2e0d24', accent: '#fbcfe8', glow: '#f9a8d4' },
    high: ['mask', 'feather', 'drum', 'trophy', 'star'],
    lowColors: card,
    scatterIcon: 'sun',
  },
  {
    id: 'viking',
    name: { en: 'Viking Raid', pt: 'Ataque Viking' },
    palette: { bg: ['#1e293b', '#020617'], frame: '#94a3b8', reel: '#111827', accent: '#e2e8f0', glow: '#7dd3fc' },
    high: ['axe', 'shield', 'sword', 'crown', 'coin'],
    lowColors: card,
    scatterIcon: 'bolt',
  },
  {
    id: 'candy',
    name: { en: 'Sweet Candy', pt: 'Doce Doçura' },
    palette: { bg: ['#9d174d', '#2a0a1c'], frame: '#fb7185', reel: '#3b0d27', accent: '#fda4af', glow: '#fbcfe8' },
    high: ['candy', 'lollipop', 'heart', 'star', 'grape'],
    lowColors: card,
    scatterIcon: 'diamond',
  },
  {
    id: 'west',
    name: { en: 'Wild West Gold', pt: 'Ouro do Velho Oeste' },
    palette: { bg: ['#7c2d12', '#1c0d05'], frame: '#d97706', reel: '#2d1608', accent: '#fdba74', glow: '#fb923c' },
    high: ['hat', 'horseshoe', 'cactus', 'coin', 'star'],
    lowColors: card,
    scatterIcon: 'skull',
  },
  {
    id: 'neon',
    name: { en: 'Neon Sevens', pt: 'Setes Neon' },
    palette: { bg: ['#0f172a', '#020617'], frame: '#22d3ee', reel: '#0b1222', accent: '#f0abfc', glow: '#22d3ee' },
    high: ['seven', 'bar', 'bell', 'diamond', 'cherry'],
    lowColors: card,
    scatterIcon: 'star',
  },
  {
    id: 'lotus',
    name: { en: 'Lotus Garden', pt: 'Jardim de Lótus' },
    palette: { bg: ['#134e4a', '#04201e'], frame: '#2dd4bf', reel: '#0b2b29', accent: '#99f6e4', glow: '#5eead4' },
    high: ['lotus', 'lantern', 'fan', 'coin', 'leaf'],
    lowColors: card,
    scatterIcon: 'moon',
  },
  {
    id: 'tiger',
    name: { en: 'Tiger Strike', pt: 'Golpe do Tigre' },
    palette: { bg: ['#9a3412', '#1f0d04'], frame: '#f97316', reel: '#331306', accent: '#fed7aa', glow: '#fdba74' },
    high: ['paw', 'coin', 'lantern', 'clover', 'pearl'],
    lowColors: card,
    scatterIcon: 'flame',
  },
  {
    id: 'pirate',
    name: { en: 'Pirate Treasure', pt: 'Tesouro Pirata' },
    palette: { bg: ['#1f2937', '#030712'], frame: '#ca8a04', reel: '#141a24', accent: '#fde68a', glow: '#facc15' },
    high: ['skull', 'anchor', 'sword', 'coin', 'gem'],
    lowColors: card,
    scatterIcon: 'crown',
  },
  {
    id: 'luck',
    name: { en: 'Lucky Clover', pt: 'Trevo da Sorte' },
    palette: { bg: ['#166534', '#03150a'], frame: '#facc15', reel: '#0b2614', accent: '#bbf7d0', glow: '#86efac' },
    high: ['clover', 'horseshoe', 'coin', 'bell', 'heart'],
    lowColors: card,
    scatterIcon: 'trophy',
  },
];

export const themeById = (id: string): SlotTheme =>
  SLOT_THEMES.find((t) => t.id === id) ?? (SLOT_THEMES[0] as SlotTheme);

export const LOW_LABELS = ['A', 'K', 'Q', 'J', '10', '9'] as const;
