import type { Endpoint, messageEndpoints, walletEndpoints } from '@app/contract';

/**
 * The wallet calls the header needs on every page, by route only: importing an endpoint object
 * from '@app/contract' would put zod and every schema in the first load (see lobby/api/routes.ts).
 * Each is typed by its contract endpoint; routes.test.ts checks them against it. The member-centre
 * pages are a lazy chunk and import the contract directly.
 */
const routeOf = <E extends Endpoint>(route: Pick<E, 'method' | 'path' | 'auth'>): E => route as unknown as E;

export const walletRoutes = {
  balance: routeOf<(typeof walletEndpoints)['balance']>({
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    auth: 'session',
  }),
  unread: routeOf<(typeof messageEndpoints)['unread']>({
    method: 'GET',
    path: '/wps/v2/messages/unread',
    auth: 'session',
  }),
  socket: routeOf<(typeof messageEndpoints)['socket']>({
    method: 'GET',
    path: '/wps/v2/messages/socket',
    auth: 'none',
  }),
};
