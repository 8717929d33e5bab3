import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HouseServices } from '../services.ts';
import { ok, parse, sessionOfKind } from './http.ts';

/** Fishing: the game's tables, the sea's fish for a window of time, and a shot. */
export const fishRoutes = (s: Pick<HouseServices, 'sessions' | 'fish'>) => async (api: FastifyInstance) => {
  const fishSession = (req: FastifyRequest) => sessionOfKind(s.sessions, req, 'fish', 'a fishing game');

  api.get('/fish', async (req) => {
    await fishSession(req);
    return ok(s.fish.view());
  });

  api.get('/fish/sea', async (req) => {
    const ses = await fishSession(req);
    const q = parse(
      z.object({
        from: z.coerce.number().int().min(0).optional(),
        to: z.coerce.number().int().min(0).optional(),
        token: z.string().optional(),
      }),
      req.query,
    );
    return ok(s.fish.sea(ses, q.from, q.to));
  });

  api.post('/fish/shoot', async (req) => {
    const ses = await fishSession(req);
    const body = parse(
      z.strictObject({
        bet: z.string().regex(/^\d{1,15}$/, 'an amount in minor units'),
        weapon: z.enum(['cannon', 'bomb', 'laser']),
        fishIds: z.array(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).min(1).max(6),
      }),
      req.body,
    );
    return ok(await s.fish.shoot(ses, body));
  });
};
