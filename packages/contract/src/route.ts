/*
 * The zod-free half of the contract: where an endpoint lives and who may call it. A client's first
 * page can import these objects without pulling zod and the schemas in; the full endpoints
 * (`endpoint.ts`) are these routes plus their schemas.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Who may call an endpoint. The server's auth gate reads this; the web client reads it to know
 * whether to send the session token.
 * - none: anyone; optional: anyone, the session is read when present;
 * - session: any logged-in member, trial accounts included;
 * - member: a real (non-trial) member or agent; trial accounts get 'in_need_true_account';
 * - agent: an agent account (types 1, 2, 41, 42);
 * - operator: back-office staff; `roles` narrows it.
 */
export type EndpointAuth = 'none' | 'optional' | 'session' | 'member' | 'agent' | 'operator';

/** One API operation without its schemas: method, path, auth and the flags the gates read. */
export interface Route {
  method: HttpMethod;
  path: string;
  auth: EndpointAuth;
  /** Payload may arrive encrypted (spec §7 marks these). */
  encrypted?: boolean;
  /** Operator roles allowed (auth 'operator' only); empty means any operator. */
  roles?: readonly string[];
  /** Callable while the login still waits for extra verification. */
  allowPendingVerification?: boolean;
  /**
   * Callable by a self-excluded player's withdraw-only session (issue 24): the wallet, the
   * withdrawal and logging out, nothing else.
   */
  allowWithdrawOnly?: boolean;
  /** Body encoding when it is not JSON. */
  bodyType?: 'json' | 'form';
}

declare const routeName: unique symbol;

/**
 * A route's place in the contract, for the type checker only (never present at run time): the
 * group (`system` for `systemRoutes`/`systemEndpoints`) and the endpoint's name in it. A client
 * that holds only the route finds the endpoint's schema types through it (see `EndpointOf`).
 */
export interface RouteName<G extends string = string, N extends string = string> {
  readonly [routeName]?: readonly [G, N];
}

export type NamedRoutes<G extends string, T extends Record<string, Route>> = {
  readonly [N in keyof T & string]: T[N] & RouteName<G, N>;
};

/**
 * One group's routes. `group` names the endpoint object that adds the schemas: routes of group
 * 'wallet' are `walletRoutes`, their endpoints `walletEndpoints` (listed in `groups.ts`).
 */
export const defineRoutes = <const G extends string, const T extends Record<string, Route>>(
  _group: G,
  routes: T,
): NamedRoutes<G, T> => {
  return routes;
};
