import { describe, expect, expectTypeOf, it } from 'vitest';
import * as contract from './index.ts';
import * as routes from './routes/index.ts';
import type { EndpointGroups, EndpointOf } from './groups.ts';
import type { Endpoint, Route } from './endpoint.ts';

const ROUTE_KEYS = [
  'method',
  'path',
  'auth',
  'encrypted',
  'roles',
  'allowPendingVerification',
  'allowWithdrawOnly',
  'bodyType',
] as const;
const byName = (module: object) => module as unknown as Record<string, Record<string, Endpoint | Route>>;
const groupsOf = (suffix: string, from: Record<string, unknown>) =>
  Object.entries(from)
    .filter(([name, value]) => name.endsWith(suffix) && typeof value === 'object')
    .map(([name]) => name)
    .map((name) => name.slice(0, -suffix.length))
    .sort();

describe('routes and endpoints', () => {
  it('every endpoint group has its routes, and the routes part holds nothing else', () => {
    expect(groupsOf('Routes', routes)).toEqual(groupsOf('Endpoints', contract));
  });

  it('each endpoint is its route plus schemas', () => {
    for (const group of groupsOf('Endpoints', contract)) {
      const endpoints = byName(contract)[`${group}Endpoints`] as Record<string, Endpoint>;
      const named = byName(routes)[`${group}Routes`]!;
      expect(Object.keys(named), group).toEqual(Object.keys(endpoints));
      for (const [name, endpoint] of Object.entries(endpoints)) {
        const route = named[name]!;
        expect(
          Object.keys(route).every((k) => (ROUTE_KEYS as readonly string[]).includes(k)),
          `${group}.${name}`,
        ).toBe(true);
        for (const key of ROUTE_KEYS) expect(endpoint[key], `${group}.${name}.${key}`).toEqual(route[key]);
      }
    }
  });

  it('a route leads the type checker to its endpoint', () => {
    expectTypeOf<EndpointOf<typeof routes.systemRoutes.status>>().toEqualTypeOf<
      typeof contract.systemEndpoints.status
    >();
    expectTypeOf<EndpointOf<typeof routes.uploadRoutes.create>>().toEqualTypeOf<
      typeof contract.uploadEndpoints.create
    >();
    expectTypeOf<EndpointOf<typeof contract.walletEndpoints.balance>>().toEqualTypeOf<
      typeof contract.walletEndpoints.balance
    >();
    // Every group's routes are named after it, so each route finds an endpoint of its own group.
    type Found = {
      [G in keyof EndpointGroups]: {
        [N in keyof EndpointGroups[G]]: EndpointOf<
          (typeof routes)[`${G}Routes`][N & keyof (typeof routes)[`${G}Routes`]]
        >;
      };
    };
    expectTypeOf<Found>().toEqualTypeOf<EndpointGroups>();
  });
});
