import { describe, expect, it } from 'vitest';
import { decideStart, decideVendor, type StartableGame } from './startGame.ts';

const slot: StartableGame = {
  nodeId: 42,
  gameCode: 'lsp-golden-dragon',
  gameType: 'RNG',
  vassalage: 'LSP',
  isGame: 'GAME',
  vendorName: 'Lotus Spin',
};
const member = { isLoggedIn: true, isTrial: false };

describe('startGame routing (spec §4)', () => {
  it('asks a visitor to log in and tells a trial account a real one is needed, before anything else', () => {
    expect(decideStart(slot, { isLoggedIn: false, isTrial: false })).toEqual({ kind: 'login' });
    expect(decideStart({ ...slot, vassalage: 'TCG_SEA' }, { isLoggedIn: true, isTrial: true })).toEqual({
      kind: 'trial',
    });
  });

  it('sends lotteries to their pages with the game code', () => {
    expect(decideStart({ ...slot, vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT', gameCode: 'vn north' }, member)).toEqual(
      { kind: 'navigate', to: '/vnLottery?gameCode=vn%20north' },
    );
    expect(decideStart({ ...slot, vassalage: 'TCG_SEA', gameType: 'LOTT', gameCode: 'thai' }, member)).toEqual({
      kind: 'navigate',
      to: '/seaLottery?gameCode=thai',
    });
    expect(decideStart({ ...slot, vassalage: 'LOTT', gameType: 'LOTT', gameCode: 'ssc-1' }, member)).toEqual({
      kind: 'navigate',
      to: '/lottery?gameCode=ssc-1',
    });
    expect(decideStart({ ...slot, vassalage: 'ELOTT', gameType: 'ELOTT', gameCode: 'keno' }, member)).toEqual({
      kind: 'navigate',
      to: '/lottery?gameCode=keno',
    });
  });

  it('opens a provider entry’s game list in a popup', () => {
    expect(
      decideStart({ ...slot, isGame: 'VASSALAGE', gameType: 'LIVE', vassalage: 'EVL', vendorName: 'Evo Live' }, member),
    ).toEqual({
      kind: 'vendorGames',
      vassalage: 'EVL',
      gameType: 'LIVE',
      title: 'Evo Live',
    });
  });

  it('starts any other game in the seamless room', () => {
    expect(decideStart(slot, member)).toEqual({ kind: 'navigate', to: '/seamless?gameId=42' });
  });

  it('choosing an RNG vendor opens /rng with the vassalage; other vendors open their games popup', () => {
    expect(decideVendor({ vassalage: 'LSP', gameType: 'RNG', displayName: 'Lotus Spin' })).toEqual({
      kind: 'navigate',
      to: '/rng?vassalage=LSP',
    });
    expect(decideVendor({ vassalage: 'EVL', gameType: 'LIVE', displayName: 'Evo Live' })).toMatchObject({
      kind: 'vendorGames',
      vassalage: 'EVL',
    });
  });
});
