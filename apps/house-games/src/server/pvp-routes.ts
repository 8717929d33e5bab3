import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { GameError } from '../games/errors.ts';
import type { AnyPvpRoom } from '../games/pvp-rooms.ts';
import { TeenPattiRoom } from '../games/teenpatti-room.ts';
import { pvpGameOf } from '../games/pvp-titles.ts';
import { ownerOf, type GameSession } from '../games/sessions.ts';
import type { HouseServices } from '../services.ts';
import { ok, parse, tokenOf } from './http.ts';

export type PvpRoutesDeps = Pick<HouseServices, 'sessions' | 'pvp'>;

/** What the table screen sends over the socket. */
const message = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('sit'), room: z.string().min(1).max(40) }),
  z.strictObject({ op: z.literal('bid'), value: z.number().int() }),
  z.strictObject({ op: z.literal('multiple'), value: z.number().int() }),
  z.strictObject({ op: z.literal('leave') }),
  /** The casino's reality check opened (`pause`) or was answered "continue" (`resume`). */
  z.strictObject({ op: z.enum(['pause', 'resume']) }),
  z.strictObject({ op: z.enum(['see', 'chaal', 'raise', 'pack', 'show', 'sideshow', 'accept', 'refuse']) }),
]);

/** PvP card rooms: the room list, a past hand, and the table itself over a WebSocket. */
export const pvpRoutes = (s: PvpRoutesDeps) => async (api: FastifyInstance) => {
  /** Spec §7 GLS2_roomList (the platform relays it): rooms by game and stake, seats taken. Public. */
  api.get('/pvp/rooms', async (req) => {
    const q = parse(
      z.object({
        game: z.enum(['niuniu', 'teenpatti']).optional(),
        /** Or the catalogue code of one of our PvP titles (how the platform asks). */
        code: z.string().min(1).max(100).optional(),
        currency: z
          .string()
          .regex(/^[A-Z]{3,5}$/)
          .optional(),
      }),
      req.query,
    );
    const game = q.code === undefined ? q.game : pvpGameOf(q.code);
    if (game === null) throw new GameError('NOT_PVP', 'This game has no rooms', 404);
    await s.pvp.start();
    return ok({ rakeBp: s.pvp.opts.rakeBp, bots: s.pvp.opts.bots, rooms: s.pvp.list(game, q.currency) });
  });

  /** A finished hand with every card and its seeds (the bet history's round detail). */
  api.get('/pvp/hands/:id', async (req) => {
    const { id } = parse(
      z.object({
        id: z.coerce
          .number()
          .int()
          .positive()
          .max(2 ** 53),
      }),
      req.params,
    );
    return ok(await s.pvp.pastHand(id));
  });

  /**
   * The table: `sit`, `bid`, `multiple` (Niu Niu), `see`, `chaal`, `raise`, `pack`, `show`,
   * `sideshow`, `accept`, `refuse` (Teen Patti), `pause` and `resume` (the casino's reality check),
   * `leave` in; the room's view out after every change.
   */
  api.get('/pvp/ws', { websocket: true }, (socket: WebSocket, req) => {
    let session: GameSession | null = null;
    let room: AnyPvpRoom | null = null;
    let off: (() => void) | null = null;
    const send = (m: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
    };
    const fail = (err: unknown) =>
      send({
        type: 'error',
        code: err instanceof GameError ? err.code : 'INTERNAL',
        message: err instanceof GameError ? err.message : 'Something went wrong',
      });
    const ready = s.sessions.resolve(tokenOf(req)).then(
      (ses) => {
        if (!pvpGameOf(ses.gameCode)) throw new GameError('WRONG_GAME', 'This session is not a PvP room', 409);
        session = ses;
        send({ type: 'hello', game: pvpGameOf(ses.gameCode) });
      },
      (err: unknown) => {
        fail(err);
        socket.close(4001, 'session');
      },
    );
    const handle = async (raw: string) => {
      await ready;
      if (!session) return;
      let m: z.infer<typeof message>;
      try {
        m = parse(message, JSON.parse(raw));
      } catch (err) {
        return fail(err instanceof GameError ? err : new GameError('VALIDATION_FAILED', 'Not a JSON message', 400));
      }
      const owner = ownerOf(session);
      try {
        if (m.op === 'sit') {
          const next = await s.pvp.room(m.room, session);
          if (room && room !== next) {
            off?.();
            room.drop(owner, true);
          }
          if (room !== next) {
            await next.sit(session);
            room = next;
            const r = next;
            off = r.subscribe(() => send({ type: 'state', state: r.view(owner) }));
          }
          send({ type: 'state', state: next.view(owner) });
        } else if (m.op === 'leave') {
          off?.();
          room?.drop(owner, true);
          room = null;
          send({ type: 'left' });
        } else {
          if (!room) throw new GameError('NOT_SEATED', 'Sit at a room first', 409);
          if (m.op === 'pause' || m.op === 'resume') room.pause(owner, m.op === 'pause');
          else if (m.op === 'bid' || m.op === 'multiple') {
            if (room instanceof TeenPattiRoom) throw new GameError('WRONG_GAME', 'Teen Patti has no bids', 409);
            room.decide(owner, m.op, m.value);
          } else {
            if (!(room instanceof TeenPattiRoom)) throw new GameError('WRONG_GAME', 'Niu Niu has no chaal', 409);
            await room.act(owner, m.op);
          }
        }
      } catch (err) {
        fail(err);
      }
    };
    socket.on('message', (data) => void handle(String(data)));
    socket.on('close', () => {
      off?.();
      if (room && session) room.drop(ownerOf(session));
    });
  });
};
