import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { isCalendarDay } from './input.ts';
import { minorUnitsOut } from './money.ts';
import { sportsDeskRoutes } from './routes/sports-desk.ts';

/**
 * The house sportsbook's console (issue 23 "Console", decision 114). Events, markets,
 * liability, the margin per sport, results and GGR live in house games; the platform passes the
 * desk's calls to its operator API, signed with the shared house secret, and audits the changes.
 */
export const SPORTS_DESK_SPORTS = ['football', 'basketball', 'tennis', 'esports'] as const;
export const sportsDeskSport = z.enum(SPORTS_DESK_SPORTS);
export type SportsDeskSport = (typeof SPORTS_DESK_SPORTS)[number];
export const SPORTS_EVENT_STATES = ['upcoming', 'live', 'resulted'] as const;
export const sportsEventState = z.enum(SPORTS_EVENT_STATES);

const eventId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A market of an event: its kind, and its line when it has one (1X2, OU:2.5, AH:-0.75, HTOU:1.5). */
export const sportsMarketId = z
  .string()
  .min(1)
  .max(24)
  .regex(/^[A-Z0-9]+(:[+-]?\d+(\.\d+)?)?$/, 'A market such as 1X2 or OU:2.5');
const score = z.strictObject({ home: z.number().int().min(0).max(999), away: z.number().int().min(0).max(999) });
const day = z.string().refine(isCalendarDay, 'A day as YYYY-MM-DD');
/** The margin in basis points (500 = 5%): at most 50%. */
export const SPORTS_MARGIN_MAX_BP = 5000;

const scoreOut = z.object({ home: z.number(), away: z.number() });
export const sportsDeskEvent = z.object({
  id: z.number(),
  sport: z.string(),
  league: z.string(),
  leagueName: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  state: sportsEventState,
  /** Suspended by the feed (an incident in play). */
  feedSuspended: z.boolean(),
  /** Suspended by an operator. */
  suspended: z.boolean(),
  /** Voided by an operator (or abandoned): every leg void. */
  voided: z.boolean(),
  marginBp: z.number(),
  score: scoreOut.nullable(),
  detail: z
    .object({
      halfTime: scoreOut.optional(),
      sets: z.array(z.tuple([z.number(), z.number()])).optional(),
      maps: z.array(z.enum(['H', 'A'])).optional(),
    })
    .nullable(),
  resultVersion: z.number(),
  openBets: z.number(),
  openStake: minorUnitsOut,
  /** What the house pays if the event's costliest outcome wins. */
  worstPayout: minorUnitsOut,
  markets: z.array(
    z.object({
      market: z.string(),
      kind: z.string(),
      suspended: z.boolean(),
      voided: z.boolean(),
      selections: z.array(z.object({ key: z.string(), odds: z.number() })),
    }),
  ),
});
export type SportsDeskEvent = z.infer<typeof sportsDeskEvent>;

export const sportsMargins = z.object({
  /** The configured margin, for a sport without its own. */
  defaultBp: z.number(),
  sports: z.array(z.object({ sport: z.string(), marginBp: z.number(), own: z.boolean() })),
});

const ggrFigures = { stake: minorUnitsOut, paid: minorUnitsOut, ggr: minorUnitsOut, bets: z.number() };

export const sportsDeskEndpoints = {
  /** Events of a state (and a sport) with their markets and open liability. */
  events: defineEndpoint({
    ...sportsDeskRoutes.events,
    query: z.strictObject({
      state: sportsEventState.default('upcoming'),
      sport: sportsDeskSport.optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({
      serverNow: z.number(),
      counts: z.array(z.object({ sport: z.string(), upcoming: z.number(), live: z.number(), resulted: z.number() })),
      events: z.array(sportsDeskEvent),
    }),
  }),
  /**
   * One event's liability per outcome: open bets, open stake, and what the house pays if the outcome
   * wins (singles exactly; an accumulator's potential return counted on each of its open legs).
   */
  liability: defineEndpoint({
    ...sportsDeskRoutes.liability,
    query: z.strictObject({ event: eventId }),
    response: z.object({
      event: sportsDeskEvent,
      openStake: minorUnitsOut,
      markets: z.array(
        z.object({
          market: z.string(),
          outcomes: z.array(
            z.object({
              key: z.string(),
              odds: z.number(),
              bets: z.number(),
              stake: minorUnitsOut,
              payout: minorUnitsOut,
            }),
          ),
        }),
      ),
    }),
  }),
  margins: defineEndpoint({ ...sportsDeskRoutes.margins, response: sportsMargins }),
  /** GGR by sport over days (UTC, both included): stakes placed, paid out, GGR, bets. */
  report: defineEndpoint({
    ...sportsDeskRoutes.report,
    query: z
      .strictObject({ from: day, to: day })
      .refine((q) => q.from <= q.to, { message: 'The first day comes before the last', path: ['to'] })
      .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
        message: 'A report covers at most 366 days',
        path: ['to'],
      }),
    response: z.object({
      from: z.string(),
      to: z.string(),
      timezone: z.string(),
      list: z.array(z.object({ sport: z.string(), ...ggrFigures })),
      totals: z.object(ggrFigures),
    }),
  }),
  /** Suspends or resumes an event, or one of its markets (bets on it are refused). */
  suspend: defineEndpoint({
    ...sportsDeskRoutes.suspend,
    body: z.strictObject({ event: eventId, market: sportsMarketId.optional(), suspended: z.boolean() }),
    response: sportsDeskEvent,
  }),
  /** Voids an event or one market: every open bet's leg on it is void and the bet settled again, once. */
  void: defineEndpoint({
    ...sportsDeskRoutes.void,
    body: z.strictObject({ event: eventId, market: sportsMarketId.optional() }),
    response: sportsDeskEvent,
  }),
  setMargin: defineEndpoint({
    ...sportsDeskRoutes.setMargin,
    body: z.strictObject({ sport: sportsDeskSport, marginBp: z.number().int().min(0).max(SPORTS_MARGIN_MAX_BP) }),
    response: sportsMargins,
  }),
  /**
   * A corrected result (score, and half-time, sets or maps where the sport has them; score null:
   * abandoned) through the feed's correction: settled bets post the difference.
   */
  correctResult: defineEndpoint({
    ...sportsDeskRoutes.correctResult,
    body: z.strictObject({
      event: eventId,
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
    response: sportsDeskEvent,
  }),
};
