import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SYSTEM_KINDS, type SystemKind } from '../math/sports/systems.ts';
import { SPORTS } from '../math/sports/sports.ts';
import type { HouseServices } from '../services.ts';
import { idParams, ok, parse, sessionOfKind } from './http.ts';

export type SportsRoutesDeps = Pick<HouseServices, 'sessions' | 'sports'>;

const id = idParams.shape.id;

/** The sportsbook (decisions 099, 102): events (upcoming and live), an event's markets, placing a bet, cash out (whole, partial, auto), my bets, results. */
export const sportsRoutes = (s: SportsRoutesDeps) => async (api: FastifyInstance) => {
  const sportsSession = (req: Parameters<typeof sessionOfKind>[1]) =>
    sessionOfKind(s.sessions, req, 'sports', 'sports');

  api.get('/sports/events', async (req) => {
    await sportsSession(req);
    const q = parse(
      z.object({
        league: z
          .string()
          .regex(/^[A-Z0-9]{2,8}$/)
          .optional(),
        q: z.string().trim().max(60).optional(),
        /** Some sports only (comma-separated): the sports home's chips, or esports for the /esports centre. */
        sport: z
          .string()
          .max(60)
          .transform((v) => v.split(','))
          .pipe(z.array(z.enum(SPORTS)).max(4))
          .optional(),
        limit: z.coerce.number().int().min(1).max(200).default(100),
        token: z.string().optional(),
      }),
      req.query,
    );
    return ok(await s.sports.events({ sports: q.sport, league: q.league, search: q.q || undefined, limit: q.limit }));
  });

  // Results (decision 108): settled events with their final and half-time scores, by league.
  api.get('/sports/results', async (req) => {
    await sportsSession(req);
    const q = parse(
      z.object({
        league: z
          .string()
          .regex(/^[A-Z0-9]{2,8}$/)
          .optional(),
        limit: z.coerce.number().int().min(1).max(200).default(60),
        token: z.string().optional(),
      }),
      req.query,
    );
    return ok(await s.sports.results({ league: q.league, limit: q.limit }));
  });

  api.get('/sports/events/:id', async (req) => {
    await sportsSession(req);
    const p = parse(idParams, req.params);
    return ok(await s.sports.event(p.id));
  });

  api.post('/sports/bets', async (req) => {
    const ses = await sportsSession(req);
    const body = parse(
      z.strictObject({
        legs: z
          .array(
            z.strictObject({
              event: id,
              selection: z.string().min(3).max(20),
              /** The decimal odds (hundredths) the player saw. */
              odds: z.number().int().min(101).max(100_000),
            }),
          )
          .min(1)
          .max(20),
        stake: z.string().regex(/^[1-9]\d{0,14}$/, 'a whole amount in minor units'),
        /** Take the current prices when they moved since the slip was filled. */
        acceptChanges: z.boolean().default(false),
        /** A system (decision 107): the legs are its selections and `stake` is the stake per line. */
        system: z.enum(SYSTEM_KINDS as [SystemKind, ...SystemKind[]]).optional(),
        /** The slip's id on the player's screen: sending it again returns the same bet. */
        slipId: z
          .string()
          .regex(/^[A-Za-z0-9-]{8,64}$/)
          .optional(),
      }),
      req.body,
    );
    return ok(await s.sports.placeBet(ses, body));
  });

  // Cash out an open single at the offer the player saw (decision 102).
  api.post('/sports/bets/:id/cashout', async (req) => {
    const ses = await sportsSession(req);
    const p = parse(idParams, req.params);
    const body = parse(
      z.strictObject({
        amount: z.string().regex(/^[1-9]\d{0,14}$/, 'the offer in minor units'),
        /** Partial cash out (decision 108): the part of the open stake to cash out; the rest stays open. */
        stake: z
          .string()
          .regex(/^[1-9]\d{0,14}$/, 'a part of the stake in minor units')
          .optional(),
      }),
      req.body,
    );
    return ok(
      await s.sports.cashOut(ses, p.id, BigInt(body.amount), body.stake === undefined ? undefined : BigInt(body.stake)),
    );
  });

  // Auto cash out (decision 108): cash the bet out by itself once its offer reaches `amount` (null removes it).
  api.put('/sports/bets/:id/autocashout', async (req) => {
    const ses = await sportsSession(req);
    const p = parse(idParams, req.params);
    const body = parse(
      z.strictObject({
        amount: z
          .string()
          .regex(/^[1-9]\d{0,14}$/, 'a value in minor units')
          .nullable(),
      }),
      req.body,
    );
    return ok(await s.sports.setAutoCashOut(ses, p.id, body.amount === null ? null : BigInt(body.amount)));
  });

  api.get('/sports/bets', async (req) => {
    const ses = await sportsSession(req);
    const q = parse(
      z.object({
        status: z.enum(['open', 'settled']).default('open'),
        limit: z.coerce.number().int().min(1).max(100).default(30),
        token: z.string().optional(),
      }),
      req.query,
    );
    return ok(await s.sports.myBets(ses, q.status, q.limit));
  });
};
