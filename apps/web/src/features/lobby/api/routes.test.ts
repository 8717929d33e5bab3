import { contentEndpoints, gameEndpoints } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { lobbyRoutes } from './routes.ts';

describe('lobby routes', () => {
  it('match the contract’s method, path and auth', () => {
    const contract = { ...gameEndpoints, ...contentEndpoints } as Record<
      string,
      { method: string; path: string; auth: string }
    >;
    for (const [name, route] of Object.entries(lobbyRoutes)) {
      const e = contract[name];
      expect(e, name).toBeDefined();
      expect({ method: route.method, path: route.path, auth: route.auth }, name).toEqual({
        method: e!.method,
        path: e!.path,
        auth: e!.auth,
      });
    }
  });
});
