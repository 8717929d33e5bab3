import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../cli/catalog-import.ts';
import { fromCsv, fromJson, parseCsv, validateCatalogue } from './import.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and skips blank lines', () => {
    const rows = parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\n\n1,,3\n');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 5, cells: ['1', '', '3'] },
    ]);
  });

  it('refuses an unclosed quote', () => {
    expect(() => parseCsv('a\n"oops')).toThrow(/Unclosed quote/);
  });
});

describe('fromCsv and fromJson', () => {
  it('maps CSV rows to vendors and games, names from name_XX columns, lists split on |', () => {
    const raw = fromCsv(
      'record,vassalage,displayName,gameTypes,gameCode,gameType,name_PT,name_EN,classify,isHot,lines\n' +
        'vendor,AAA,Alpha,RNG|FISH,,,,,,,\n' +
        'game,AAA,,,a-1,RNG,Dragão,Dragon,SLOT|MEGAWAYS,yes,25\n' +
        'bonus,AAA,,,,,,,,,\n',
    );
    expect(raw.vendors).toEqual([
      { row: 2, value: { vassalage: 'AAA', displayName: 'Alpha', gameTypes: ['RNG', 'FISH'] } },
    ]);
    expect(raw.games).toEqual([
      {
        row: 3,
        value: {
          vassalage: 'AAA',
          gameCode: 'a-1',
          gameType: 'RNG',
          classify: ['SLOT', 'MEGAWAYS'],
          isHot: 'yes',
          lines: '25',
          names: { PT: 'Dragão', EN: 'Dragon' },
        },
      },
    ]);
    expect(raw.unplaced).toEqual([
      { row: 4, record: 'game', key: 'bonus', errors: ['record must be "vendor" or "game"'] },
    ]);
    expect(() => fromCsv('vassalage,gameCode\nA,b\n')).toThrow(/record/);
  });

  it('reads JSON documents and refuses other shapes', () => {
    expect(fromJson('{"vendors":[{"a":1}],"games":[]}').vendors).toEqual([{ row: 1, value: { a: 1 } }]);
    expect(() => fromJson('[1,2]')).toThrow(/object/);
    expect(() => fromJson('{"vendors":{}}')).toThrow(/array/);
    expect(() => fromJson('{"extra":[]}')).toThrow(/Unknown top-level/);
    expect(() => fromJson('{nope')).toThrow(/Not valid JSON/);
  });
});

describe('validateCatalogue', () => {
  const at = (list: unknown[]) => list.map((value, i) => ({ row: i + 1, value }));

  it('keeps good rows and reports each bad one with its row and reasons', () => {
    const v = validateCatalogue(
      {
        vendors: at([
          { vassalage: 'AAA', displayName: 'Alpha', gameTypes: ['RNG'] },
          { vassalage: 'aa', displayName: 'Bad code', gameTypes: ['RNG'] },
          { vassalage: 'AAA', displayName: 'Again', gameTypes: ['RNG'] },
        ]),
        categories: at([{ gameType: 'RNG', title: {}, classify: [{ key: 'ALL', names: { EN: 'All' } }] }]),
        games: at([
          { vassalage: 'AAA', gameCode: 'ok-1', gameType: 'RNG', names: { EN: 'Fine' } },
          { vassalage: 'AAA', gameCode: 'ok-1', gameType: 'RNG', names: { EN: 'Twice' } },
          { vassalage: 'AAA', gameCode: 'fish-1', gameType: 'FISH', names: { EN: 'Wrong type' } },
          { vassalage: 'ZZZ', gameCode: 'z-1', gameType: 'RNG', names: { EN: 'No vendor' } },
          { vassalage: 'KNOWN', gameCode: 'k-1', gameType: 'LIVE', names: { PT: 'Já existe' } },
          { vassalage: 'AAA', gameCode: 'bad code', gameType: 'RNG', names: {}, minBet: '1.5', lines: 0, extra: 1 },
        ]),
      },
      new Map([['KNOWN', new Set(['LIVE'])]]),
    );
    expect(v.vendors.map((x) => x.displayName)).toEqual(['Alpha']);
    expect(v.games.map((g) => g.gameCode)).toEqual(['ok-1', 'k-1']);
    const byRow = (record: string, row: number) => v.rejected.find((r) => r.record === record && r.row === row)!;
    expect(byRow('vendor', 2).errors.join()).toMatch(/vassalage/);
    expect(byRow('vendor', 3).errors).toEqual(['duplicate vendor in this file']);
    expect(byRow('category', 1).errors.join()).toMatch(/title.*at least one language/);
    expect(byRow('category', 1).errors.join()).toMatch(/built in/);
    expect(byRow('game', 2).errors).toEqual(['duplicate game in this file']);
    expect(byRow('game', 3).errors[0]).toMatch(/does not serve FISH/);
    expect(byRow('game', 4).errors[0]).toMatch(/unknown vendor ZZZ/);
    const six = byRow('game', 6).errors.join(' | ');
    for (const field of ['gameCode', 'names', 'minBet', 'lines', 'extra']) expect(six).toContain(field);
  });
});

describe('catalog:import arguments', () => {
  it('takes a file and optional --merchant and --json', () => {
    expect(parseArgs(['games.csv'])).toEqual({ file: 'games.csv', json: false });
    expect(parseArgs(['--merchant', 'lotus', 'games.json', '--json'])).toEqual({
      file: 'games.json',
      merchant: 'lotus',
      json: true,
    });
    expect(parseArgs(['--merchant=lotus', 'g.json']).merchant).toBe('lotus');
    expect(() => parseArgs([])).toThrow(/Usage/);
    expect(() => parseArgs(['a', 'b'])).toThrow(/Unexpected/);
  });
});
