import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ownerOf } from '../games/sessions.ts';
import type { HouseServices } from '../services.ts';
import { idParams, ok, parse, sessionOfKind, streamEvents } from './http.ts';

export type CrashRoutesDeps = Pick<HouseServices, 'sessions' | 'crash'>;

/** The shared crash round: its state, its live events, bets and cash-outs, and past rounds. */
export const crashRoutes = (s: CrashRoutesDeps) => async (api: FastifyInstance) => {
  const crashSession = (req: FastifyRequest) => sessionOfKind(s.sessions, req, 'crash', 'crash');

  api.get('/crash/state', async (req) => {
    const ses = await crashSession(req);
    return ok(s.crash.snapshot(ownerOf(ses)));
  });

  /** Server-sent events: the shared round as it changes (EventSource can't send headers: token in the query). */
  api.get('/crash/events', async (req, reply) => {
    const ses = await crashSession(req);
    const owner = ownerOf(ses);
    streamEvents(
      req,
      reply,
      () => s.crash.snapshot(owner),
      (changed) => s.crash.subscribe(changed),
    );
  });

  api.post('/crash/bet', async (req) => {
    const ses = await crashSession(req);
    const body = parse(
      z.strictObject({ bet: z.string().regex(/^\d{1,15}$/), autoCashout: z.number().int().nullable().default(null) }),
      req.body,
    );
    return ok(await s.crash.placeBet(ses, body));
  });

  api.post('/crash/cashout', async (req) => {
    const ses = await crashSession(req);
    return ok(await s.crash.cashout(ses));
  });

  /** A past crash round's public facts; the seeds once it has crashed. */
  api.get('/crash/rounds/:id', async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await s.crash.pastRound(id));
  });
};
