import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GameError } from '../games/errors.ts';
import { isUndealtLiveTable, liveTableOf } from '../games/live-tables.ts';
import { ownerOf } from '../games/sessions.ts';
import type { HouseServices } from '../services.ts';
import { idParams, ok, parse, streamEvents, tokenOf } from './http.ts';

export type LiveRoutesDeps = Pick<HouseServices, 'sessions' | 'live'>;

/** The live tables: the model list, a table's shared round and its live events, bets, past rounds. */
export const liveRoutes = (s: LiveRoutesDeps) => async (api: FastifyInstance) => {
  const liveSession = async (req: Parameters<typeof tokenOf>[0]) => {
    const ses = await s.sessions.resolve(tokenOf(req));
    const def = liveTableOf(ses.gameCode);
    if (!def) {
      if (isUndealtLiveTable(ses.gameCode))
        throw new GameError(
          'TABLE_CLOSED',
          'This table is not dealing yet; baccarat, roulette and dragon tiger are',
          409,
        );
      throw new GameError('WRONG_GAME', 'This session is not a live table', 409);
    }
    return { ses, table: await s.live.seat(def.id) };
  };

  /** Spec §7 live: the model list (tables, their dealer, limits and current road). Public. */
  api.get('/live/tables', async () => ok(await s.live.list()));

  api.get('/live/state', async (req) => {
    const { ses, table } = await liveSession(req);
    return ok(table.snapshot(ownerOf(ses)));
  });

  /** Server-sent events: the table's round as it changes (token in the query for EventSource). */
  api.get('/live/events', async (req, reply) => {
    const { ses, table } = await liveSession(req);
    const owner = ownerOf(ses);
    streamEvents(
      req,
      reply,
      () => table.snapshot(owner),
      (changed) => table.subscribe(changed),
    );
  });

  api.post('/live/bet', async (req) => {
    const { ses, table } = await liveSession(req);
    const body = parse(
      z.strictObject({
        bets: z
          .array(
            z.strictObject({
              spot: z.string().min(1).max(24),
              amount: z.string().regex(/^\d{1,15}$/, 'an amount in minor units'),
            }),
          )
          .min(1)
          .max(40),
      }),
      req.body,
    );
    return ok(
      await table.placeBet(
        ses,
        body.bets.map((b) => ({ spot: b.spot, amount: BigInt(b.amount) })),
      ),
    );
  });

  /** A past live round's public facts; its seeds once the result is out. */
  api.get('/live/rounds/:id', async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await s.live.pastRound(id));
  });
};
