import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SIDES } from '../math/fair/cockfight.ts';
import type { HouseServices } from '../services.ts';
import { idParams, ok, parse, sessionOfKind, streamEvents } from './http.ts';

export type CockfightRoutesDeps = Pick<HouseServices, 'sessions' | 'cockfight'>;

/** Cockfight: the current fight and the last results, live events, bets, my bets and a fight's facts. */
export const cockfightRoutes = (s: CockfightRoutesDeps) => async (api: FastifyInstance) => {
  const cockfightSession = (req: FastifyRequest) => sessionOfKind(s.sessions, req, 'cockfight', 'cockfight');

  api.get('/cockfight/state', async (req) => {
    await cockfightSession(req);
    return ok(s.cockfight.snapshot());
  });

  /** Server-sent events: the arena as it changes (EventSource can't send headers: token in the query). */
  api.get('/cockfight/events', async (req, reply) => {
    await cockfightSession(req);
    streamEvents(
      req,
      reply,
      () => s.cockfight.snapshot(),
      (changed) => s.cockfight.subscribe(changed),
    );
  });

  api.post('/cockfight/bet', async (req) => {
    const ses = await cockfightSession(req);
    const body = parse(
      z.strictObject({
        pick: z.enum(SIDES),
        stake: z.string().regex(/^[1-9]\d{0,14}$/, 'a whole amount in minor units'),
        /** The decimal odds (hundredths) the player saw: a changed price is refused with the new one. */
        odds: z.number().int().min(101).max(1_000_000),
      }),
      req.body,
    );
    return ok(await s.cockfight.placeBet(ses, body));
  });

  api.get('/cockfight/bets', async (req) => {
    const ses = await cockfightSession(req);
    const q = parse(
      z.object({
        status: z.enum(['open', 'settled']).default('open'),
        limit: z.coerce.number().int().min(1).max(100).default(20),
        token: z.string().optional(),
      }),
      req.query,
    );
    return ok(await s.cockfight.myBets(ses, q.status, q.limit));
  });

  /** A fight's public facts: fair probabilities, margin, prices, commitment; its seed once it ended. */
  api.get('/cockfight/fights/:id', async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await s.cockfight.fightFacts(id));
  });
};
