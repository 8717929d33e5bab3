import type { GameEntry } from '@app/contract';
import { getSession } from '../../lib/session/index.ts';
import { closeModal, openModal } from '../../lib/ui/index.ts';

/**
 * Starting a game (spec §4), as far as the lobby can take it: who may start, and where each kind
 * of game goes. The launch itself (/seamless) is completed by the game-provider feature.
 */
export type StartDecision =
  | { kind: 'login' }
  | { kind: 'trial' }
  | { kind: 'navigate'; to: string }
  | { kind: 'vendorGames'; vassalage: string; gameType: string; title: string };

export type StartableGame = Pick<GameEntry, 'nodeId' | 'gameCode' | 'gameType' | 'vassalage' | 'isGame' | 'vendorName'>;

const withCode = (path: string, gameCode: string) => `${path}?gameCode=${encodeURIComponent(gameCode)}`;

export const decideStart = (game: StartableGame, session: { isLoggedIn: boolean; isTrial: boolean }): StartDecision => {
  if (!session.isLoggedIn) return { kind: 'login' };
  if (session.isTrial) return { kind: 'trial' };
  if (game.vassalage === 'TCG_LOTTO_VN') return { kind: 'navigate', to: withCode('/vnLottery', game.gameCode) };
  if (game.vassalage === 'TCG_SEA') return { kind: 'navigate', to: withCode('/seaLottery', game.gameCode) };
  if (game.gameType === 'LOTT' || game.gameType === 'ELOTT')
    return { kind: 'navigate', to: withCode('/lottery', game.gameCode) };
  if (game.isGame === 'VASSALAGE') {
    return { kind: 'vendorGames', vassalage: game.vassalage, gameType: game.gameType, title: game.vendorName };
  }
  return { kind: 'navigate', to: `/seamless?gameId=${game.nodeId}` };
};

/** Where choosing a vendor goes: RNG vendors have their own list (/rng?vassalage=), others a popup. */
export const decideVendor = (vendor: { vassalage: string; gameType: string; displayName: string }): StartDecision =>
  vendor.gameType === 'RNG'
    ? { kind: 'navigate', to: `/rng?vassalage=${encodeURIComponent(vendor.vassalage)}` }
    : { kind: 'vendorGames', vassalage: vendor.vassalage, gameType: vendor.gameType, title: vendor.displayName };

type Navigate = (to: string) => void;

const run = (decision: StartDecision, navigate: Navigate, here: string) => {
  switch (decision.kind) {
    case 'login':
      openModal('login', { redirectTo: here });
      return;
    case 'trial':
      openModal('trialAccount');
      return;
    case 'vendorGames':
      openModal('vendorGames', { vassalage: decision.vassalage, gameType: decision.gameType, title: decision.title });
      return;
    case 'navigate':
      // Starting a game from a popup (a provider's games) leaves the popup behind.
      closeModal();
      navigate(decision.to);
  }
};

/** Clicking a game tile: the one place that decides what starting a game means. */
export const startGame = (
  game: StartableGame,
  navigate: Navigate,
  here = window.location.pathname + window.location.search,
) => run(decideStart(game, getSession()), navigate, here);

/** Clicking a vendor (header menu, vendor cards): its list or its games popup. */
export const chooseVendor = (
  vendor: { vassalage: string; gameType: string; displayName: string },
  navigate: Navigate,
) => run(decideVendor(vendor), navigate, window.location.pathname);
