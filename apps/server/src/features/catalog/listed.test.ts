import { describe, expect, it } from 'vitest';
import type { ListedRow } from './data.ts';
import { ListedGames, isHot, ruleOf } from './listed.ts';

const game = (id: number, over: Partial<ListedRow> = {}): ListedRow => ({
  id,
  nodeName: `game-${id}`,
  gameName: `Game ${id}`,
  gameType: 'RNG',
  vassalage: 'AAA',
  vendorName: 'Aaa',
  gameCode: `g${id}`,
  isGame: 'GAME',
  showIcon: true,
  iconUrl: '',
  isHot: false,
  isNew: false,
  supportPlay: 1,
  minBet: null,
  lines: null,
  searchKey: `game ${id}`,
  classify: [],
  ...over,
});

const model = new ListedGames(
  [
    game(1, { isGame: 'VASSALAGE', searchKey: 'aaa slots' }),
    game(2, { searchKey: 'dragao dourado', isHot: true, minBet: 100n, lines: 25, classify: ['MEGA'] }),
    game(3, { vassalage: 'BBB', searchKey: 'tigre da sorte', lines: 10, minBet: 5n }),
    game(4, { gameType: 'LIVE', vassalage: 'BBB', searchKey: 'dragon tiger', isHot: true }),
  ],
  7n,
);
const ids = (rows: ListedRow[]) => rows.map((g) => g.id);

describe('the in-memory list of listed games', () => {
  it('keeps list order and filters by type, vendor, provider entries, rule and search together', () => {
    expect(ids(model.select({}))).toEqual([1, 2, 3, 4]);
    expect(ids(model.select({ gameType: 'RNG' }))).toEqual([1, 2, 3]);
    expect(ids(model.select({ vassalage: 'BBB' }))).toEqual([3, 4]);
    expect(ids(model.select({ vassalage: 'BBB', gameType: 'RNG' }))).toEqual([3]);
    expect(ids(model.select({ vassalage: 'AAA', gamesOnly: true }))).toEqual([2]);
    expect(ids(model.select({ rule: isHot }))).toEqual([2, 4]);
    expect(ids(model.select({ search: 'drag' }))).toEqual([2, 4]);
    expect(ids(model.select({ search: 'drag', gameType: 'LIVE' }))).toEqual([4]);
    expect(ids(model.select({ search: 'nothing like it' }))).toEqual([]);
    expect(ids(model.select({ vassalage: 'ZZZ' }))).toEqual([]);
  });

  it('finds a text anywhere in a key, each game once, in list order, and remembers nothing stale', () => {
    const m = new ListedGames(
      [
        game(1, { searchKey: 'aa aa' }),
        game(2, { searchKey: 'xa' }),
        game(3, { searchKey: 'b' }),
        game(4, { searchKey: 'aab' }),
      ],
      1n,
    );
    expect(ids(m.select({ search: 'a' }))).toEqual([1, 2, 4]);
    expect(ids(m.select({ search: 'a' }))).toEqual([1, 2, 4]);
    expect(ids(m.select({ search: 'ab' }))).toEqual([4]);
    expect(ids(m.select({ search: 'b' }))).toEqual([3, 4]);
    // A match never spans two keys.
    expect(ids(m.select({ search: 'xab' }))).toEqual([]);
    expect(ids(m.select({ search: 'a\nx' }))).toEqual([]);
    expect(ids(m.select({ search: 'aa aa' }))).toEqual([1]);
  });

  it('applies classify rules as the SQL of the menus does (NULL never matches a threshold)', () => {
    expect(ids(model.select({ rule: ruleOf({ rule: 'MIN_BET', key: 'X', threshold: 50n }) }))).toEqual([2]);
    expect(ids(model.select({ rule: ruleOf({ rule: 'MIN_LINES', key: 'X', threshold: 25n }) }))).toEqual([2]);
    expect(ids(model.select({ rule: ruleOf({ rule: 'MIN_LINES', key: 'X', threshold: 10n }) }))).toEqual([2, 3]);
    expect(ids(model.select({ rule: ruleOf({ rule: 'TAG', key: 'MEGA', threshold: null }) }))).toEqual([2]);
    expect(ids(model.select({ rule: ruleOf({ rule: 'NEW', key: 'NEW', threshold: null }) }))).toEqual([]);
  });

  it('picks ids in the order given, leaving out unlisted ones and those outside the filter', () => {
    expect(ids(model.pick([4, 99, 2, 1]))).toEqual([4, 2, 1]);
    expect(ids(model.pick([4, 3, 2], { vassalage: 'BBB' }))).toEqual([4, 3]);
    expect(ids(model.pick([4, 3, 2], { gameType: 'RNG' }))).toEqual([3, 2]);
    expect(model.version).toBe(7n);
  });
});
