import { gameEndpoints, gamePlayEndpoints } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { gameRoutes } from './routes.ts';

describe('game room routes', () => {
  it('match the contract', () => {
    const contract = { ...gamePlayEndpoints, vendors: gameEndpoints.vassGameType } as Record<
      string,
      { method: string; path: string; auth: string }
    >;
    for (const [name, route] of Object.entries(gameRoutes)) {
      const e = contract[name]!;
      expect({ method: route.method, path: route.path, auth: route.auth }, name).toEqual({
        method: e.method,
        path: e.path,
        auth: e.auth,
      });
    }
  });
});
