import type { FastifyRequest } from 'fastify';
import { type z } from 'zod';
import { GameError } from '../games/errors.ts';

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
