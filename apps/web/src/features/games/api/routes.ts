import type { Endpoint, gameEndpoints, gamePlayEndpoints } from '@app/contract';

/**
 * The game-provider calls by route only (importing the endpoint objects would ship zod with the
 * game room; see features/lobby/api/routes.ts). routes.test.ts checks them against the contract.
 */
const routeOf = <E extends Endpoint>(route: Pick<E, 'method' | 'path' | 'auth'>): E => route as unknown as E;
type P = typeof gamePlayEndpoints;
type G = typeof gameEndpoints;

export const gameRoutes = {
  gameLaunch: routeOf<P['gameLaunch']>({ method: 'GET', path: '/wps/relay/GCS_gameLaunchFB', auth: 'optional' }),
  vendorStatus: routeOf<P['vendorStatus']>({ method: 'GET', path: '/wps/game/vendorStatus', auth: 'none' }),
  history: routeOf<P['history']>({ method: 'GET', path: '/wps/game/betHistory', auth: 'member' }),
  round: routeOf<P['round']>({ method: 'GET', path: '/wps/game/betHistory/round', auth: 'member' }),
  walletTransfer: routeOf<P['walletTransfer']>({
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    auth: 'member',
  }),
  vendors: routeOf<G['vassGameType']>({ method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType', auth: 'none' }),
};
