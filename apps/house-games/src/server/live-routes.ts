import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GameError } from '../games/errors.ts';
import { isUndealtLiveTable, liveTableOf } from '../games/live-tables.ts';
import { ownerOf } from '../games/sessions.ts';
import type { HouseServices } from '../services.ts';
import { idParams, ok, parse, streamEvents, tokenOf } from './http.ts';

export type LiveRoutesDeps = Pick<HouseServices, 'sessions' | 'live' | 'chat'>;

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

  /**
   * The table's chat (decision 097), its own server-sent events stream: the recent messages first
   * (`{type:'history'}`), then each new one (`{type:'message'}`). Everyone seated may read.
   */
  api.get('/live/chat/events', async (req, reply) => {
    const { ses, table } = await liveSession(req);
    const tableId = table.def.id;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(
      `data: ${JSON.stringify({ type: 'history', readOnly: ses.demo, maxLength: s.chat.settings.maxLength, messages: s.chat.recent(tableId) })}\n\n`,
    );
    const off = s.chat.subscribe(tableId, (m) =>
      res.write(`data: ${JSON.stringify({ type: 'message', message: m })}\n\n`),
    );
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
    req.raw.on('close', () => {
      off();
      clearInterval(ping);
    });
  });

  /** The table's recent messages (the same as the stream's first event), and whether this session may write. */
  api.get('/live/chat', async (req) => {
    const { ses, table } = await liveSession(req);
    return ok({
      tableId: table.def.id,
      readOnly: ses.demo,
      maxLength: s.chat.settings.maxLength,
      messages: s.chat.recent(table.def.id),
    });
  });

  /** A message to the table: members only, length-limited, rate-limited, masked words. */
  api.post('/live/chat', async (req) => {
    const { ses, table } = await liveSession(req);
    const body = parse(z.strictObject({ text: z.string().max(2000) }), req.body);
    return ok(
      s.chat.post(table.def.id, { owner: ownerOf(ses), nickname: ses.nickname, readOnly: ses.demo }, body.text),
    );
  });

  /** A past live round's public facts; its seeds once the result is out. */
  api.get('/live/rounds/:id', async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await s.live.pastRound(id));
  });
};
