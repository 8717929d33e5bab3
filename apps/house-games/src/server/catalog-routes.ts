import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MATHS_VERSION, slotSpec } from '../math/slot/derive.ts';
import { gameKindOf } from '../games/errors.ts';
import { ok, parse } from './http.ts';

/** Our in-house (BGS) games, as we publish them to casinos (supportPlay 0: a free trial is offered). */
const HOUSE_GAMES = [
  {
    gameCode: 'DICE',
    gameType: 'BGS',
    names: { EN: 'Dice', PT: 'Dados' },
    minBet: '10',
    lines: null,
    supportPlay: 0 as const,
  },
  {
    gameCode: 'CRASH',
    gameType: 'BGS',
    names: { EN: 'Crash', PT: 'Crash' },
    minBet: '10',
    lines: null,
    supportPlay: 0 as const,
  },
  {
    gameCode: 'COCKFIGHT',
    gameType: 'COCKFIGHT',
    names: { EN: 'Cockfight', PT: 'Rinha de Galo' },
    minBet: '100',
    lines: null,
    supportPlay: 0 as const,
  },
  {
    gameCode: 'SPORTS',
    gameType: 'SPORTS',
    names: { EN: 'Sportsbook', PT: 'Apostas Esportivas' },
    minBet: '100',
    lines: null,
    supportPlay: 0 as const,
  },
  {
    gameCode: 'ESPORTS',
    gameType: 'ESPORTS',
    names: { EN: 'eSports', PT: 'eSports' },
    minBet: '100',
    lines: null,
    supportPlay: 0 as const,
  },
];

/**
 * What a casino needs for its catalogue: our in-house game list, and for any slot code the lines
 * and bet range its maths has (so the casino's "25 lines+" and "minimum bet" filters tell the truth).
 */
export const catalogRoutes =
  ({ freeTrials }: { freeTrials: boolean }) =>
  async (api: FastifyInstance) => {
    const published = HOUSE_GAMES.map((g) => ({ ...g, supportPlay: freeTrials ? g.supportPlay : (1 as const) }));
    api.get('/games', async () => ok(published));

    api.get('/games/version', async () => ok({ mathsVersion: MATHS_VERSION }));

    api.post('/games/describe', { bodyLimit: 2 * 1024 * 1024 }, async (req) => {
      const body = parse(z.strictObject({ codes: z.array(z.string().min(1).max(64)).min(1).max(20_000) }), req.body);
      return ok({
        mathsVersion: MATHS_VERSION,
        games: body.codes.map((code) => {
          const kind = gameKindOf(code);
          if (kind !== 'slot') return { gameCode: code, kind, lines: null, minBet: '10', maxBet: '10000000' };
          const s = slotSpec(code);
          return {
            gameCode: code,
            kind,
            lines: s.lines,
            minBet: String(s.minBet),
            maxBet: String(s.maxBet),
            model: s.model,
            targetRtp: s.targetRtp,
          };
        }),
      });
    });
  };
