import { describe, expect, it } from 'vitest';
import {
  initialGameListState,
  pageOfWhole,
  requestFor,
  searchKey,
  transition,
  type GameListState,
} from './gameListState.ts';

const start = (over: Partial<GameListState> = {}): GameListState => ({ ...initialGameListState(), ...over });

describe('game list state machine (spec §4)', () => {
  it('starts on All, page 1, no search; /rng?vassalage= preselects the vendor', () => {
    expect(initialGameListState()).toEqual({
      filter: 'ALL',
      vendor: 'ALL',
      classify: 'ALL',
      page: 1,
      search: '',
      loads: 0,
    });
    expect(initialGameListState('LSP').vendor).toBe('LSP');
  });

  it('reloads on mount and on a language change, keeping the page', () => {
    const s = start({ page: 3 });
    expect(transition(s, { type: 'mount' })).toEqual({ state: { ...s, loads: 1 }, effects: ['load'] });
    expect(transition(s, { type: 'language' }).state.page).toBe(3);
    expect(transition(s, { type: 'language' }).effects).toEqual(['load']);
  });

  it('All resets vendor and classify; any filter change sets page 1 and clears the search', () => {
    const s = start({ filter: 'HOT', vendor: 'LSP', classify: 'MEGAWAYS', page: 4, search: 'drag' });
    const all = transition(s, { type: 'filter', filter: 'ALL', loggedIn: false });
    expect(all.state).toMatchObject({ filter: 'ALL', vendor: 'ALL', classify: 'ALL', page: 1, search: '' });
    expect(all.effects).toEqual(['load']);
    const hot = transition(start({ vendor: 'LSP', page: 2, search: 'x' }), {
      type: 'filter',
      filter: 'HOT',
      loggedIn: false,
    });
    expect(hot.state).toMatchObject({ filter: 'HOT', vendor: 'LSP', page: 1, search: '' });
  });

  it('Favourite and Recent need a login: logged out nothing changes and the login popup opens', () => {
    const s = start({ page: 2, search: 'x' });
    for (const filter of ['FAV', 'RECENT'] as const) {
      expect(transition(s, { type: 'filter', filter, loggedIn: false })).toEqual({ state: s, effects: ['login'] });
      expect(transition(s, { type: 'filter', filter, loggedIn: true }).state).toMatchObject({
        filter,
        page: 1,
        search: '',
      });
    }
  });

  it('a new vendor resets classify, sets page 1 and clears the search; the same vendor changes nothing', () => {
    const s = start({ vendor: 'AAA', classify: 'MEGAWAYS', page: 3, search: 'moon' });
    expect(transition(s, { type: 'vendor', vendor: 'BBB' }).state).toMatchObject({
      vendor: 'BBB',
      classify: 'ALL',
      page: 1,
      search: '',
    });
    expect(transition(s, { type: 'vendor', vendor: 'AAA' })).toEqual({ state: s, effects: [] });
  });

  it('a classify change sets page 1 and clears the search, keeping the vendor', () => {
    const s = start({ vendor: 'AAA', page: 3, search: 'moon' });
    expect(transition(s, { type: 'classify', classify: 'LINES25' }).state).toMatchObject({
      vendor: 'AAA',
      classify: 'LINES25',
      page: 1,
      search: '',
    });
  });

  it('a game-name change reloads from page 1; the same (trimmed) name does not', () => {
    const s = start({ page: 4 });
    const r = transition(s, { type: 'search', text: '  golden   dragon ' });
    expect(r.state).toMatchObject({ search: 'golden dragon', page: 1 });
    expect(r.effects).toEqual(['load']);
    expect(transition(r.state, { type: 'search', text: 'golden dragon  ' }).effects).toEqual([]);
    expect(transition(r.state, { type: 'search', text: '' }).state.search).toBe('');
  });

  it('ignores paging above the total, below 1 and to the same page', () => {
    const s = start({ page: 2 });
    expect(transition(s, { type: 'page', page: 3, totalPages: 5 }).state.page).toBe(3);
    expect(transition(s, { type: 'page', page: 6, totalPages: 5 })).toEqual({ state: s, effects: [] });
    expect(transition(s, { type: 'page', page: 0, totalPages: 5 }).effects).toEqual([]);
    expect(transition(s, { type: 'page', page: 2, totalPages: 5 }).effects).toEqual([]);
    expect(transition(s, { type: 'page', page: 1.5, totalPages: 5 }).effects).toEqual([]);
  });

  it('logging out while on Favourite or Recent goes back to All', () => {
    expect(transition(start({ filter: 'FAV', page: 2 }), { type: 'loggedOut' }).state).toMatchObject({
      filter: 'ALL',
      page: 1,
    });
    expect(transition(start({ filter: 'HOT' }), { type: 'loggedOut' }).effects).toEqual([]);
  });
});

describe('requests and whole lists', () => {
  it('asks the game list with vendor, classify, name and page; hot, favourite and recent come whole', () => {
    const s = start({ vendor: 'AAA', classify: 'MEGAWAYS', page: 2, search: 'moon' });
    expect(requestFor(s, 'RNG')).toEqual({
      source: 'list',
      gameType: 'RNG',
      vassalage: 'AAA',
      gameClassify: 'MEGAWAYS',
      gameName: 'moon',
      pageNo: 2,
      pageSize: 15,
    });
    expect(requestFor(start(), 'LIVE')).toEqual({ source: 'list', gameType: 'LIVE', pageNo: 1, pageSize: 15 });
    expect(requestFor({ ...s, filter: 'HOT' }, 'RNG')).toEqual({ source: 'hot', gameType: 'RNG', vassalage: 'AAA' });
    expect(requestFor({ ...s, filter: 'FAV' }, 'RNG')).toMatchObject({ source: 'fav', pageNo: 1, pageSize: 999 });
    expect(requestFor({ ...s, filter: 'RECENT' }, 'RNG')).toMatchObject({ source: 'recent', page: 1, pageSize: 50 });
  });

  it('searches and pages a whole list like the server does', () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ gameName: i % 2 ? `Dragão ${i}` : `Tiger ${i}` }));
    expect(pageOfWhole(items, start({ page: 2 }))).toMatchObject({ totalPages: 2, totalCount: 20 });
    expect(pageOfWhole(items, start({ page: 2 })).games).toHaveLength(5);
    const found = pageOfWhole(items, start({ search: 'DRAGAO' }));
    expect(found.totalCount).toBe(10);
    expect(searchKey('  Fênix   Mágica ')).toBe('fenix magica');
  });
});
