import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GameError, gameKindOf } from '../games/errors.ts';
import { ownerOf } from '../games/sessions.ts';
import type { HouseServices } from '../services.ts';
import { ok, parse, tokenOf } from './http.ts';

export type CrashRoutesDeps = Pick<HouseServices, 'sessions' | 'crash'>;

/** The shared crash round: its state, its live events, bets and cash-outs, and past rounds. */
export const crashRoutes = (s: CrashRoutesDeps) => async (api: FastifyInstance) => {
  const crashSession = async (req: Parameters<typeof tokenOf>[0]) => {
    const ses = await s.sessions.resolve(tokenOf(req));
    if (gameKindOf(ses.gameCode) !== 'crash') throw new GameError('WRONG_GAME', 'This session is not crash', 409);
    return ses;
  };

  api.get('/crash/state', async (req) => {
    const ses = await crashSession(req);
    return ok(s.crash.snapshot(ownerOf(ses)));
  });

  /** Server-sent events: the shared round as it changes (EventSource can't send headers: token in the query). */
  api.get('/crash/events', async (req, reply) => {
    const ses = await crashSession(req);
    const owner = ownerOf(ses);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = () => res.write(`data: ${JSON.stringify(s.crash.snapshot(owner))}\n\n`);
    send();
    const off = s.crash.subscribe(() => send());
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
    req.raw.on('close', () => {
      off();
      clearInterval(ping);
    });
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
    const { id } = parse(z.object({ id: z.coerce.number().int().positive() }), req.params);
    return ok(await s.crash.pastRound(id));
  });
};
