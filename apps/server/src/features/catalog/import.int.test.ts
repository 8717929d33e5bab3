import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GameEntry } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCatalogImport } from '../../cli/catalog-import.ts';
import { createContext } from '../../context.ts';
import { openDatabase } from '../../db/client.ts';
import { seed } from '../../seed/index.ts';
import { createTestApp, testConfig, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await createTestApp();
  merchantId = await t.ctx.merchants.resolveId('localhost');
});
afterAll(() => t.close());

const JSON_FILE = JSON.stringify({
  vendors: [
    { vassalage: 'IMP', displayName: 'Imported Games', gameTypes: ['RNG', 'FISH'] },
    { vassalage: 'bad', displayName: 'Lower case', gameTypes: ['RNG'] },
  ],
  categories: [{ gameType: 'RNG', title: { PT: 'Caça-níqueis', EN: 'Slots' } }],
  games: [
    {
      vassalage: 'IMP',
      gameCode: 'imp-1',
      gameType: 'RNG',
      names: { PT: 'Águia Dourada', EN: 'Golden Eagle' },
      sort: 1,
    },
    { vassalage: 'IMP', gameCode: 'imp-2', gameType: 'FISH', names: { EN: 'Reef Party' }, sort: 2, supportPlay: 0 },
    { vassalage: 'IMP', gameCode: 'imp-3', gameType: 'LIVE', names: { EN: 'Wrong type' } },
    { vassalage: 'IMP', gameCode: 'imp-4', gameType: 'RNG', names: {} },
  ],
});

const CSV_FILE = [
  'record,vassalage,displayName,gameTypes,gameCode,gameType,name_PT,name_EN,isHot,minBet,lines,classify,sort',
  'vendor,CSV,Comma Studio,RNG,,,,,,,,,',
  'game,CSV,,,csv-1,RNG,"Fruta, Doce","Sweet, Fruit",true,100,25,SLOT|MEGAWAYS,3',
  'game,CSV,,,csv-2,RNG,Lua,Moon,no,,,,4',
  'game,CSV,,,csv-3,PVP,Xadrez,Chess,,,,,5',
  'game,NOPE,,,n-1,RNG,X,Y,,,,,6',
].join('\n');

const list = (qs: string) =>
  t.call<{ games: GameEntry[]; totalCount: number }>({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?${qs}` });

describe('catalogue import (JSON and CSV)', () => {
  it('applies the good rows of a JSON file and reports each bad row', async () => {
    const r = await t.ctx.catalog.manage.importFile(merchantId, 'catalogue.json', JSON_FILE);
    expect(r.vendors).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    expect(r.games).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    expect(r.rejected.map((x) => [x.record, x.row])).toEqual([
      ['vendor', 2],
      ['game', 3],
      ['game', 4],
    ]);
    expect(r.rejected[1]!.errors[0]).toMatch(/does not serve LIVE/);
    const slots = await list('gameType=RNG&language=PT');
    expect(slots.body.value.games.map((g) => g.gameName)).toEqual(['Águia Dourada']);
    // A name missing in Portuguese falls back to English.
    expect((await list('gameType=FISH&language=PT')).body.value.games[0]).toMatchObject({
      gameName: 'Reef Party',
      supportPlay: 0,
    });
    const menus = await t.call<{ list: { gameType: string; title: string }[] }>({
      method: 'GET',
      url: '/lgw/games/game_menus?language=PT',
    });
    expect(menus.body.value.list.map((m) => [m.gameType, m.title])).toEqual([
      ['RNG', 'Caça-níqueis'],
      ['FISH', 'Pescaria'],
    ]);
  });

  it('re-importing the same file changes nothing', async () => {
    const r = await t.ctx.catalog.manage.importFile(merchantId, 'catalogue.json', JSON_FILE);
    expect(r.vendors).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    expect(r.games).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    expect((await list('vassalage=IMP')).body.value.totalCount).toBe(2);
  });

  it('imports CSV with quoted commas, lists and flags', async () => {
    const r = await t.ctx.catalog.manage.importFile(merchantId, 'catalogue.csv', CSV_FILE);
    expect(r.games.inserted).toBe(2);
    expect(r.rejected.map((x) => [x.row, x.key])).toEqual([
      [5, 'CSV/csv-3'],
      [6, 'NOPE/n-1'],
    ]);
    const g = (await list('vassalage=CSV&language=EN')).body.value.games;
    expect(g.map((x) => [x.gameName, x.isHot, x.minBet, x.lines])).toEqual([
      ['Sweet, Fruit', 1, '100', 25],
      ['Moon', 0, null, null],
    ]);
  });

  it('updates changed rows, keeps an operator’s hot flag the file does not mention, and finds new names', async () => {
    const id = (await list('vassalage=IMP&gameType=RNG')).body.value.games[0]!.nodeId;
    await t.ctx.catalog.manage.setHot(merchantId, [id], true);
    const changed = JSON_FILE.replace('Golden Eagle', 'Silver Eagle');
    const r = await t.ctx.catalog.manage.importFile(merchantId, 'catalogue.json', changed);
    expect(r.games).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
    const g = (await list('vassalage=IMP&gameType=RNG&language=EN')).body.value.games[0]!;
    expect(g).toMatchObject({ nodeId: id, gameName: 'Silver Eagle', isHot: 1 });
    expect((await list('gameName=silver&language=EN')).body.value.games.map((x) => x.nodeId)).toEqual([id]);
    expect((await list('gameName=golden&language=EN')).body.value.games).toEqual([]);
  });

  it('a new language gives every game a name in it, with fallbacks for the rest', async () => {
    const file = JSON.stringify({
      games: [{ vassalage: 'CSV', gameCode: 'csv-2', gameType: 'RNG', names: { PT: 'Lua', EN: 'Moon', ES: 'Luna' } }],
    });
    await t.ctx.catalog.manage.importFile(merchantId, 'es.json', file);
    const es = await list('vassalage=CSV&language=ES');
    expect(es.body.value.games.map((x) => x.gameName)).toEqual(['Sweet, Fruit', 'Luna']);
    expect((await list('gameName=luna&language=ES')).body.value.totalCount).toBe(1);
    // The Spanish list falls back to the English name, and a search also matches the names in the
    // brand's own languages (decision 059): the Portuguese "Águia" finds the eagle too.
    expect((await list('gameName=eagle&language=ES')).body.value.totalCount).toBe(1);
    expect((await list('gameName=aguia&language=ES')).body.value.totalCount).toBe(1);
    expect((await list('gameName=aguila&language=ES')).body.value.totalCount).toBe(0);
  });

  it('refuses a file that is not a catalogue at all, changing nothing', async () => {
    await expect(t.ctx.catalog.manage.importFile(merchantId, 'x.json', '{"games": 3}')).rejects.toThrow(/array/);
    await expect(t.ctx.catalog.manage.importFile(merchantId, 'x.csv', 'a,b\n1,2')).rejects.toThrow(/record/);
    expect((await list('pageSize=100')).body.value.totalCount).toBe(4);
  });
});

describe('npm run catalog:import', () => {
  it('imports a file into the embedded database and exits 1 when rows were rejected, 0 when clean', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-import-'));
    try {
      const config = testConfig({ DATA_DIR: path.join(dir, 'db') });
      delete (config as { DATABASE_URL?: string }).DATABASE_URL;
      const database = await openDatabase({ dataDir: config.dataDir });
      await database.migrate();
      await seed(createContext(config, database), { demo: false });
      await database.close();
      const file = path.join(dir, 'catalogue.json');
      fs.writeFileSync(file, JSON_FILE);
      const lines: string[] = [];
      expect(await runCatalogImport({ file, json: false }, config, (l) => lines.push(l))).toBe(1);
      expect(lines.join('\n')).toMatch(/Games: 2 added/);
      expect(lines.join('\n')).toMatch(/row 3 \(game IMP\/imp-3\)/);
      const clean = path.join(dir, 'clean.json');
      fs.writeFileSync(
        clean,
        JSON.stringify({
          ...JSON.parse(JSON_FILE),
          vendors: [JSON.parse(JSON_FILE).vendors[0]],
          games: JSON.parse(JSON_FILE).games.slice(0, 2),
        }),
      );
      const out: string[] = [];
      expect(await runCatalogImport({ file: clean, json: true }, config, (l) => out.push(l))).toBe(0);
      expect(JSON.parse(out.join('\n')).games).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
      expect(await runCatalogImport({ file: path.join(dir, 'missing.json'), json: false }, config, () => {})).toBe(2);
      expect(await runCatalogImport({ file: clean, merchant: 'nope', json: false }, config, () => {})).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
