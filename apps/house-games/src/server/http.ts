import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GameError, gameKindOf } from '../games/errors.ts';
import type { GameSession, Sessions } from '../games/sessions.ts';

/** The envelope every answer of ours is wrapped in, as the platform's are. */
export const ok = <T>(value: T) => ({ success: true, value, message: '' });

/** Parses a request part or answers 400 with one message per field. */
export const parse = <T extends z.ZodType>(schema: T, data: unknown): z.output<T> => {
  const r = schema.safeParse(data ?? {});
  if (!r.success) {
    const first = r.error.issues[0];
    throw new GameError(
      'VALIDATION_FAILED',
      first ? `${first.path.join('.') || 'request'}: ${first.message}` : 'Invalid request',
      400,
    );
  }
  return r.data;
};

/** The game session token: a bearer header, or the query (EventSource cannot send headers). */
export const tokenOf = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.startsWith('Bearer ')) return h.slice(7).trim();
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' ? q : undefined;
};

/** A past round's, fight's or shot's id in the path. */
export const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

/**
 * The session behind the request's token, which must be a session of this kind of game; another
 * game's session is 409 WRONG_GAME (`what` names the game in the message).
 */
export const sessionOfKind = async (
  sessions: Sessions,
  req: FastifyRequest,
  kind: ReturnType<typeof gameKindOf>,
  what: string,
): Promise<GameSession> => {
  const ses = await sessions.resolve(tokenOf(req));
  if (gameKindOf(ses.gameCode) !== kind) throw new GameError('WRONG_GAME', `This session is not ${what}`, 409);
  return ses;
};

/**
 * Server-sent events of a shared game (EventSource can't send headers: the token comes in the query):
 * the state now, then again whenever the game says it changed, with a keep-alive comment every 15 s.
 */
export const streamEvents = (
  req: FastifyRequest,
  reply: FastifyReply,
  state: () => unknown,
  subscribe: (changed: () => void) => () => void,
) => {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const send = () => res.write(`data: ${JSON.stringify(state())}\n\n`);
  send();
  const off = subscribe(send);
  const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
  req.raw.on('close', () => {
    off();
    clearInterval(ping);
  });
};
