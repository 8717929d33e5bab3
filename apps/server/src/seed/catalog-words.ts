/** Word lists for the demo catalogue's game names, in English and Portuguese (with gender). */

export interface Noun {
  en: string;
  pt: string;
  /** Portuguese gender: masculine or feminine. */
  g: 'm' | 'f';
}
export interface Adjective {
  en: string;
  m: string;
  f: string;
}

export const NOUNS: Noun[] = [
  { en: 'Dragon', pt: 'Dragão', g: 'm' }, { en: 'Tiger', pt: 'Tigre', g: 'm' }, { en: 'Phoenix', pt: 'Fênix', g: 'f' },
  { en: 'Treasure', pt: 'Tesouro', g: 'm' }, { en: 'Fortune', pt: 'Fortuna', g: 'f' }, { en: 'Pyramid', pt: 'Pirâmide', g: 'f' },
  { en: 'Lightning', pt: 'Relâmpago', g: 'm' }, { en: 'Queen', pt: 'Rainha', g: 'f' }, { en: 'King', pt: 'Rei', g: 'm' },
  { en: 'Panda', pt: 'Panda', g: 'm' }, { en: 'Moon', pt: 'Lua', g: 'f' }, { en: 'Star', pt: 'Estrela', g: 'f' },
  { en: 'Gem', pt: 'Joia', g: 'f' }, { en: 'Fire', pt: 'Fogo', g: 'm' }, { en: 'Ocean', pt: 'Oceano', g: 'm' },
  { en: 'Jungle', pt: 'Selva', g: 'f' }, { en: 'Temple', pt: 'Templo', g: 'm' }, { en: 'Carnival', pt: 'Carnaval', g: 'm' },
  { en: 'Samba', pt: 'Samba', g: 'm' }, { en: 'Jaguar', pt: 'Onça', g: 'f' }, { en: 'Toucan', pt: 'Tucano', g: 'm' },
  { en: 'Parrot', pt: 'Papagaio', g: 'm' }, { en: 'Rabbit', pt: 'Coelho', g: 'm' }, { en: 'Ox', pt: 'Boi', g: 'm' },
  { en: 'Mouse', pt: 'Rato', g: 'm' }, { en: 'Wolf', pt: 'Lobo', g: 'm' }, { en: 'Eagle', pt: 'Águia', g: 'f' },
  { en: 'Lion', pt: 'Leão', g: 'm' }, { en: 'Crown', pt: 'Coroa', g: 'f' }, { en: 'Castle', pt: 'Castelo', g: 'm' },
  { en: 'Pirate', pt: 'Pirata', g: 'm' }, { en: 'Mermaid', pt: 'Sereia', g: 'f' }, { en: 'Volcano', pt: 'Vulcão', g: 'm' },
  { en: 'Galaxy', pt: 'Galáxia', g: 'f' }, { en: 'Rocket', pt: 'Foguete', g: 'm' }, { en: 'Robot', pt: 'Robô', g: 'm' },
  { en: 'Wizard', pt: 'Mago', g: 'm' }, { en: 'Witch', pt: 'Bruxa', g: 'f' }, { en: 'Knight', pt: 'Cavaleiro', g: 'm' },
  { en: 'Samurai', pt: 'Samurai', g: 'm' }, { en: 'Ninja', pt: 'Ninja', g: 'm' }, { en: 'Geisha', pt: 'Gueixa', g: 'f' },
  { en: 'Pharaoh', pt: 'Faraó', g: 'm' }, { en: 'Sphinx', pt: 'Esfinge', g: 'f' }, { en: 'Viking', pt: 'Viking', g: 'm' },
  { en: 'Cowboy', pt: 'Caubói', g: 'm' }, { en: 'Gold Rush', pt: 'Corrida do Ouro', g: 'f' }, { en: 'Diamond', pt: 'Diamante', g: 'm' },
  { en: 'Ruby', pt: 'Rubi', g: 'm' }, { en: 'Emerald', pt: 'Esmeralda', g: 'f' }, { en: 'Sapphire', pt: 'Safira', g: 'f' },
  { en: 'Fruit', pt: 'Fruta', g: 'f' }, { en: 'Cherry', pt: 'Cereja', g: 'f' }, { en: 'Lemon', pt: 'Limão', g: 'm' },
  { en: 'Candy', pt: 'Doce', g: 'm' }, { en: 'Cake', pt: 'Bolo', g: 'm' }, { en: 'Bee', pt: 'Abelha', g: 'f' },
  { en: 'Butterfly', pt: 'Borboleta', g: 'f' }, { en: 'Koi', pt: 'Carpa', g: 'f' }, { en: 'Lotus', pt: 'Lótus', g: 'm' },
  { en: 'Bamboo', pt: 'Bambu', g: 'm' }, { en: 'Lantern', pt: 'Lanterna', g: 'f' }, { en: 'Festival', pt: 'Festival', g: 'm' },
  { en: 'Thunder', pt: 'Trovão', g: 'm' }, { en: 'Storm', pt: 'Tempestade', g: 'f' }, { en: 'Sun', pt: 'Sol', g: 'm' },
  { en: 'Rainbow', pt: 'Arco-íris', g: 'm' }, { en: 'Clover', pt: 'Trevo', g: 'm' }, { en: 'Horseshoe', pt: 'Ferradura', g: 'f' },
  { en: 'Bell', pt: 'Sino', g: 'm' }, { en: 'Coin', pt: 'Moeda', g: 'f' }, { en: 'Vault', pt: 'Cofre', g: 'm' },
  { en: 'Mine', pt: 'Mina', g: 'f' }, { en: 'Pearl', pt: 'Pérola', g: 'f' }, { en: 'Shark', pt: 'Tubarão', g: 'm' },
  { en: 'Octopus', pt: 'Polvo', g: 'm' }, { en: 'Buffalo', pt: 'Búfalo', g: 'm' }, { en: 'Rhino', pt: 'Rinoceronte', g: 'm' },
  { en: 'Elephant', pt: 'Elefante', g: 'm' }, { en: 'Monkey', pt: 'Macaco', g: 'm' }, { en: 'Goddess', pt: 'Deusa', g: 'f' },
];

export const ADJECTIVES: Adjective[] = [
  { en: 'Golden', m: 'Dourado', f: 'Dourada' }, { en: 'Lucky', m: 'da Sorte', f: 'da Sorte' },
  { en: 'Mega', m: 'Mega', f: 'Mega' }, { en: 'Wild', m: 'Selvagem', f: 'Selvagem' },
  { en: 'Mystic', m: 'Místico', f: 'Mística' }, { en: 'Royal', m: 'Real', f: 'Real' },
  { en: 'Ancient', m: 'Antigo', f: 'Antiga' }, { en: 'Magic', m: 'Mágico', f: 'Mágica' },
  { en: 'Crazy', m: 'Maluco', f: 'Maluca' }, { en: 'Super', m: 'Super', f: 'Super' },
  { en: 'Blazing', m: 'Flamejante', f: 'Flamejante' }, { en: 'Frozen', m: 'Congelado', f: 'Congelada' },
  { en: 'Hidden', m: 'Escondido', f: 'Escondida' }, { en: 'Secret', m: 'Secreto', f: 'Secreta' },
  { en: 'Sweet', m: 'Doce', f: 'Doce' }, { en: 'Happy', m: 'Feliz', f: 'Feliz' },
  { en: 'Rich', m: 'Rico', f: 'Rica' }, { en: 'Shining', m: 'Brilhante', f: 'Brilhante' },
  { en: 'Dark', m: 'Sombrio', f: 'Sombria' }, { en: 'Red', m: 'Vermelho', f: 'Vermelha' },
  { en: 'Blue', m: 'Azul', f: 'Azul' }, { en: 'Green', m: 'Verde', f: 'Verde' },
  { en: 'Silver', m: 'Prateado', f: 'Prateada' }, { en: 'Infinite', m: 'Infinito', f: 'Infinita' },
  { en: 'Legendary', m: 'Lendário', f: 'Lendária' }, { en: 'Epic', m: 'Épico', f: 'Épica' },
  { en: 'Great', m: 'Grande', f: 'Grande' }, { en: 'Little', m: 'Pequeno', f: 'Pequena' },
  { en: 'Hot', m: 'Quente', f: 'Quente' }, { en: 'Cosmic', m: 'Cósmico', f: 'Cósmica' },
  { en: 'Electric', m: 'Elétrico', f: 'Elétrica' }, { en: 'Savage', m: 'Feroz', f: 'Feroz' },
  { en: 'Sacred', m: 'Sagrado', f: 'Sagrada' }, { en: 'Forgotten', m: 'Esquecido', f: 'Esquecida' },
  { en: 'Eternal', m: 'Eterno', f: 'Eterna' }, { en: 'Brave', m: 'Valente', f: 'Valente' },
  { en: 'Tropical', m: 'Tropical', f: 'Tropical' }, { en: 'Imperial', m: 'Imperial', f: 'Imperial' },
  { en: 'Jolly', m: 'Alegre', f: 'Alegre' }, { en: 'Neon', m: 'Neon', f: 'Neon' },
  { en: 'Crystal', m: 'de Cristal', f: 'de Cristal' }, { en: 'Jade', m: 'de Jade', f: 'de Jade' },
  { en: 'Emperor’s', m: 'do Imperador', f: 'do Imperador' }, { en: 'Pirate’s', m: 'do Pirata', f: 'do Pirata' },
  { en: 'Sunset', m: 'do Pôr do Sol', f: 'do Pôr do Sol' }, { en: 'Midnight', m: 'da Meia-Noite', f: 'da Meia-Noite' },
  { en: 'Amazon', m: 'da Amazônia', f: 'da Amazônia' }, { en: 'Rio', m: 'do Rio', f: 'do Rio' },
];

/** Suffixes that make variants of a name (kept the same in both languages, as vendors do). */
export const SUFFIXES: { en: string; pt: string; tag?: string }[] = [
  { en: '', pt: '' },
  { en: 'Deluxe', pt: 'Deluxe' },
  { en: 'Megaways', pt: 'Megaways', tag: 'MEGAWAYS' },
  { en: 'Hold & Win', pt: 'Segure e Ganhe' },
  { en: 'Rising', pt: 'Ascendente' },
  { en: 'Jackpot', pt: 'Jackpot', tag: 'JACKPOT' },
  { en: '2', pt: '2' },
  { en: 'Classic', pt: 'Clássico', tag: 'CLASSIC' },
];

/** "Golden Dragon Deluxe" / "Dragão Dourado Deluxe". */
export const slotName = (adj: Adjective, noun: Noun, suffix: (typeof SUFFIXES)[number]) => {
  const en = [adj.en, noun.en, suffix.en].filter(Boolean).join(' ');
  const pt = [noun.pt, noun.g === 'm' ? adj.m : adj.f, suffix.pt].filter(Boolean).join(' ');
  return { en, pt };
};
