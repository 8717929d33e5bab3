import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GameError } from '../games/errors.ts';
import { SPORTS } from '../math/sports/sports.ts';
import { signatureMatches } from '../platform/signing.ts';
import type { HouseServices } from '../services.ts';
import { idParams, ok, parse } from './http.ts';

export type OperatorRoutesDeps = Pick<HouseServices, 'sportsDesk'>;

/** How far a signed operator call's timestamp may be from our clock (a replay outside it is refused). */
const WINDOW_MS = 5 * 60_000;

/**
 * What an operator call signs (decision 114): the method, the path with its query and the
 * raw body, so a signature is good for one call only. The signature is the platform's callback
 * signature (platform/signing.ts) with the shared house secret.
 */
export const operatorMessage = (method: string, url: string, rawBody: string) => `${method} ${url}\n${rawBody}`;

/** Refuses a call not signed with the shared secret, or signed outside the window (401). */
const verify = (secret: string, req: FastifyRequest & { rawBody?: string }) => {
  const ts = req.headers['x-provider-timestamp'];
  const sig = req.headers['x-provider-signature'];
  if (typeof ts !== 'string' || !/^\d{10,16}$/.test(ts) || typeof sig !== 'string' || !/^[0-9a-f]{64}$/i.test(sig))
    throw new GameError('INVALID_SIGNATURE', 'The operator call is not signed', 401);
  if (!signatureMatches(secret, Number(ts), operatorMessage(req.method, req.url, req.rawBody ?? ''), sig.toLowerCase()))
    throw new GameError('INVALID_SIGNATURE', 'The signature does not match', 401);
  if (Math.abs(Date.now() - Number(ts)) > WINDOW_MS)
    throw new GameError('TIMESTAMP_EXPIRED', 'The call was signed outside the 5-minute window', 401);
};

const score = z.strictObject({ home: z.number().int().min(0).max(999), away: z.number().int().min(0).max(999) });
const market = z
  .string()
  .min(1)
  .max(24)
  .regex(/^[A-Z0-9]+(:[+-]?\d+(\.\d+)?)?$/, 'a market id such as 1X2 or OU:2.5');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'not a calendar day',
  );

/**
 * The sportsbook's operator API (issue 23 "Console", decision 114): the platform's
 * console desks reach it through the platform's operator routes, which check roles and audit. Every
 * call is signed by the platform with the shared house secret; anything else is 401 before it is read.
 */
export const operatorRoutes = (s: OperatorRoutesDeps, secret: string) => async (api: FastifyInstance) => {
  // The raw body is what the signature covers.
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as FastifyRequest & { rawBody?: string }).rawBody = String(body);
    if (!body) return done(null, {});
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      // Not JSON: the signature is checked first, then the body's check answers 400.
      done(null, String(body));
    }
  });
  api.addHook('preHandler', async (req) => verify(secret, req));

  api.get('/operator/sports/events', async (req) => {
    const q = parse(
      z.strictObject({
        state: z.enum(['upcoming', 'live', 'resulted']).default('upcoming'),
        sport: z.enum(SPORTS).optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
      req.query,
    );
    return ok(await s.sportsDesk.events(q));
  });

  api.get('/operator/sports/events/:id', async (req) => ok(await s.sportsDesk.event(parse(idParams, req.params).id)));

  api.get('/operator/sports/events/:id/liability', async (req) =>
    ok(await s.sportsDesk.liability(parse(idParams, req.params).id)),
  );

  api.post('/operator/sports/suspend', async (req) => {
    const body = parse(
      z.strictObject({ event: idParams.shape.id, market: market.optional(), suspended: z.boolean() }),
      req.body,
    );
    return ok(await s.sportsDesk.suspend(body));
  });

  api.post('/operator/sports/void', async (req) => {
    const body = parse(z.strictObject({ event: idParams.shape.id, market: market.optional() }), req.body);
    return ok(await s.sportsDesk.void(body));
  });

  api.post('/operator/sports/result', async (req) => {
    const body = parse(
      z.strictObject({
        event: idParams.shape.id,
        /** null: the event is abandoned (every leg void). */
        score: score.nullable(),
        halfTime: score.optional(),
        sets: z
          .array(z.tuple([z.number().int().min(0).max(99), z.number().int().min(0).max(99)]))
          .min(1)
          .max(5)
          .optional(),
        maps: z
          .array(z.enum(['H', 'A']))
          .min(1)
          .max(5)
          .optional(),
      }),
      req.body,
    );
    const { event, ...result } = body;
    return ok(await s.sportsDesk.correct(event, result));
  });

  api.get('/operator/sports/margins', async () => ok(await s.sportsDesk.margins()));

  api.post('/operator/sports/margins', async (req) => {
    const body = parse(
      z.strictObject({ sport: z.enum(SPORTS), marginBp: z.number().int().min(0).max(5000) }),
      req.body,
    );
    return ok(await s.sportsDesk.setMargin(body.sport, body.marginBp));
  });

  api.get('/operator/sports/ggr', async (req) => {
    const q = parse(z.strictObject({ from: day, to: day }), req.query);
    if (q.from > q.to) throw new GameError('VALIDATION_FAILED', 'from: the first day comes before the last', 400);
    if (Date.parse(q.to) - Date.parse(q.from) > 366 * 86_400_000)
      throw new GameError('VALIDATION_FAILED', 'to: a report covers at most 366 days', 400);
    return ok(await s.sportsDesk.ggr(q));
  });
};
