import type { AppContext } from '../../src/context.ts';
import type { RawCatalogue } from '../../src/features/catalog/import.ts';
import type { TestApp } from '../harness.ts';
import { createMember, sessionFor, type MemberInput, type TestMember } from './wallet.ts';

const rows = (list: unknown[]) => list.map((value, i) => ({ row: i + 1, value }));

/**
 * A small catalogue whose every game is known by name: three slot vendors, a live vendor with a
 * provider entry, a fish vendor, lotteries, and classify entries for tags, minimum bet and lines.
 */
export const smallCatalogue = (): RawCatalogue => ({
  vendors: rows([
    { vassalage: 'AAA', displayName: 'Alpha Slots', gameTypes: ['RNG', 'FISH'] },
    { vassalage: 'BBB', displayName: 'Beta Reels', gameTypes: ['RNG'] },
    { vassalage: 'CCC', displayName: 'Gamma Play', gameTypes: ['RNG'] },
    { vassalage: 'LVA', displayName: 'Live Alpha', gameTypes: ['LIVE'] },
    { vassalage: 'TCG_LOTTO_VN', displayName: 'VN Lotto', gameTypes: ['LOTT'] },
  ]),
  categories: rows([
    {
      gameType: 'RNG',
      title: { PT: 'Cassino', EN: 'Casino' },
      classify: [
        { key: 'MEGAWAYS', names: { PT: 'Megaways', EN: 'Megaways' } },
        { key: 'MINBET1', names: { PT: 'Aposta 1+', EN: 'Min bet 1+' }, rule: 'MIN_BET', threshold: '100' },
        { key: 'LINES25', names: { PT: '25+ linhas', EN: '25+ lines' }, rule: 'MIN_LINES', threshold: '25' },
      ],
    },
  ]),
  games: rows([
    {
      vassalage: 'AAA',
      gameCode: 'aaa-dragon',
      gameType: 'RNG',
      names: { PT: 'Dragão Dourado', EN: 'Golden Dragon' },
      sort: 1,
      isHot: true,
      minBet: '100',
      lines: 25,
      classify: ['SLOT'],
    },
    {
      vassalage: 'AAA',
      gameCode: 'aaa-tiger',
      gameType: 'RNG',
      names: { PT: 'Tigre da Sorte', EN: 'Lucky Tiger' },
      sort: 2,
      minBet: '20',
      lines: 9,
      isNew: true,
    },
    {
      vassalage: 'AAA',
      gameCode: 'aaa-phoenix',
      gameType: 'RNG',
      names: { PT: 'Fênix Mágica', EN: 'Magic Phoenix' },
      sort: 3,
      minBet: '500',
      lines: 50,
      classify: ['MEGAWAYS'],
    },
    {
      vassalage: 'BBB',
      gameCode: 'bbb-dragon',
      gameType: 'RNG',
      names: { PT: 'Dragão Flamejante', EN: 'Blazing Dragon' },
      sort: 4,
      minBet: '10',
      lines: 243,
      classify: ['MEGAWAYS'],
    },
    {
      vassalage: 'BBB',
      gameCode: 'bbb-fruit',
      gameType: 'RNG',
      names: { PT: 'Fruta Doce', EN: 'Sweet Fruit' },
      sort: 5,
      isHot: true,
      lines: 5,
    },
    {
      vassalage: 'CCC',
      gameCode: 'ccc-moon',
      gameType: 'RNG',
      names: { PT: 'Lua Cósmica', EN: 'Cosmic Moon' },
      sort: 6,
      minBet: '100',
      lines: 20,
    },
    {
      vassalage: 'CCC',
      gameCode: 'ccc-star',
      gameType: 'RNG',
      names: { PT: 'Estrela Real', EN: 'Royal Star' },
      sort: 7,
    },
    {
      vassalage: 'AAA',
      gameCode: 'aaa-shark',
      gameType: 'FISH',
      names: { PT: 'Tubarão Dourado', EN: 'Golden Shark' },
      sort: 8,
    },
    {
      vassalage: 'LVA',
      gameCode: 'lva-lobby',
      gameType: 'LIVE',
      names: { PT: 'Live Alpha', EN: 'Live Alpha' },
      isGame: 'VASSALAGE',
      sort: 0,
    },
    {
      vassalage: 'LVA',
      gameCode: 'lva-baccarat',
      gameType: 'LIVE',
      names: { PT: 'Bacará', EN: 'Baccarat' },
      sort: 9,
      isHot: true,
    },
    { vassalage: 'LVA', gameCode: 'lva-roulette', gameType: 'LIVE', names: { PT: 'Roleta', EN: 'Roulette' }, sort: 10 },
    {
      vassalage: 'TCG_LOTTO_VN',
      gameCode: 'vn-north',
      gameType: 'LOTT',
      names: { PT: 'Loteria do Norte', EN: 'Northern Lottery' },
      sort: 11,
    },
  ]),
});

export const loadCatalogue = async (ctx: AppContext, raw: RawCatalogue = smallCatalogue()) => {
  const merchantId = await ctx.merchants.resolveId('localhost');
  const report = await ctx.catalog.manage.importCatalogue(merchantId, raw);
  if (report.rejected.length) throw new Error(`fixture rows rejected: ${JSON.stringify(report.rejected)}`);
  return { merchantId, report };
};

/** A game's nodeId by its code. */
export const nodeIdOf = async (t: TestApp, gameCode: string) => {
  const r = await t.call<{ games: { nodeId: number; gameCode: string }[] }>({
    method: 'GET',
    url: '/wps/relay/GCSGAME_gameList?pageSize=100',
  });
  const g = r.body.value.games.find((x) => x.gameCode === gameCode);
  if (!g) throw new Error(`no game ${gameCode}`);
  return g.nodeId;
};

export interface MemberWithToken extends TestMember {
  token: string;
  headers: { authorization: string };
}

export const memberWithToken = async (ctx: AppContext, input: MemberInput = {}): Promise<MemberWithToken> => {
  const m = await createMember(ctx, input);
  const token = await sessionFor(ctx, m);
  return { ...m, token, headers: { authorization: `Bearer ${token}` } };
};

/** An operator's bearer header (the seeded admin unless told otherwise). */
export const operatorHeaders = async (t: TestApp, username = 'admin', password = 'Admin#2026') => {
  const r = await t.call<{ token: string }>({
    method: 'POST',
    url: '/wps/operator/session/login',
    payload: { username, password },
  });
  if (!r.body.success) throw new Error(`operator login failed: ${r.body.message}`);
  return { authorization: `Bearer ${r.body.value.token}` };
};
