import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deriveSlot } from '../math/slot/derive.ts';
import { DICE_MAX_WINNING, DICE_MIN_WINNING } from '../math/fair/dice.ts';
import { themeById } from '../shared/themes.ts';
import { DICE_LIMITS } from '../games/dice-play.ts';
import { ESPORTS_CODE, gameKindOf } from '../games/errors.ts';
import { ownerOf } from '../games/sessions.ts';
import type { HouseServices } from '../services.ts';
import { ok, parse, sessionOfKind, tokenOf } from './http.ts';

const minor = z.string().regex(/^\d{1,15}$/, 'an amount in minor units');

/** The slot a session plays, as the screen needs it (the maths is public: nothing here is secret). */
export const slotView = (code: string) => {
  const g = deriveSlot(code);
  const theme = themeById(g.theme);
  return {
    code: g.code,
    model: g.model,
    modelName: g.modelName,
    volatility: g.volatility,
    theme: g.theme,
    themeName: theme.name,
    hue: g.hue,
    reels: g.math.reels,
    rows: g.math.rows,
    lines: g.lines,
    paylines: g.math.paylines,
    symbols: g.math.symbols.map((s) => ({ key: s.key, kind: s.kind, pays: s.pays })),
    scatter: g.math.scatter
      ? { pays: g.math.scatter.pays, freeSpins: g.math.scatter.freeSpins, multiplier: g.math.scatter.multiplier }
      : null,
    strips: g.math.strips.map((strip) => strip.map((s) => g.math.symbols[s]?.key ?? '?')),
    bets: g.bets.map(String),
    minBet: String(g.minBet),
    rtp: g.analysis.rtp,
    targetRtp: g.targetRtp,
    featureChance: g.analysis.featureChance,
  };
};

export type GameRoutesDeps = Pick<HouseServices, 'sessions' | 'wallet' | 'slots' | 'dice' | 'fairness' | 'bets'>;

/** Sessions, balance, slots, dice, fairness and the bet history of one game session. */
export const gameRoutes = (s: GameRoutesDeps) => async (api: FastifyInstance) => {
  const session = (req: Parameters<typeof tokenOf>[0]) => s.sessions.resolve(tokenOf(req));

  api.post('/session', async (req) => {
    const body = parse(z.strictObject({ launchToken: z.string().min(10).max(200) }), req.body);
    const opened = await s.sessions.open(body.launchToken);
    const ses = opened.session;
    return ok({
      token: opened.token,
      balance: String(opened.balance),
      player: {
        nickname: ses.nickname,
        currency: ses.currency,
        currencyExponent: ses.currencyExponent,
        language: ses.language,
        demo: ses.demo,
      },
      game: {
        code: ses.gameCode,
        vassalage: ses.vassalage,
        kind: gameKindOf(ses.gameCode),
        // The sportsbook opens on esports for an esports title (issue 23), on the other sports otherwise.
        ...(ESPORTS_CODE.test(ses.gameCode) ? { view: 'esports' as const } : {}),
      },
      lobbyUrl: ses.lobbyUrl,
    });
  });

  api.get('/balance', async (req) => {
    const ses = await session(req);
    return ok({ balance: String(await s.wallet.balance(ses)), currency: ses.currency });
  });

  api.get('/slot', async (req) => {
    const ses = await sessionOfKind(s.sessions, req, 'slot', 'a slot');
    return ok(slotView(ses.gameCode));
  });

  api.post('/slot/spin', async (req) => {
    const ses = await sessionOfKind(s.sessions, req, 'slot', 'a slot');
    const body = parse(z.strictObject({ bet: minor }), req.body);
    return ok(await s.slots.spin(ses, body.bet));
  });

  api.get('/fair', async (req) => {
    const ses = await session(req);
    return ok(await s.fairness.view(ownerOf(ses)));
  });

  api.put('/fair/client-seed', async (req) => {
    const ses = await session(req);
    const body = parse(z.strictObject({ clientSeed: z.string().min(1).max(64) }), req.body);
    return ok(await s.fairness.setClientSeed(ownerOf(ses), body.clientSeed));
  });

  api.post('/fair/rotate', async (req) => {
    const ses = await session(req);
    return ok(await s.fairness.rotate(ownerOf(ses)));
  });

  api.get('/dice', async (req) => {
    await session(req);
    return ok({
      minBet: String(DICE_LIMITS.minBet),
      maxBet: String(DICE_LIMITS.maxBet),
      minChance: DICE_MIN_WINNING,
      maxChance: DICE_MAX_WINNING,
      outcomes: 10_000,
      returnBp: 9900,
    });
  });

  api.post('/dice/roll', async (req) => {
    const ses = await sessionOfKind(s.sessions, req, 'dice', 'dice');
    const body = parse(
      z.strictObject({ bet: minor, target: z.number().int().min(0).max(9999), direction: z.enum(['under', 'over']) }),
      req.body,
    );
    return ok(await s.dice.roll(ses, body));
  });

  /** The player's recent bets, newest first, with what's needed to verify each. */
  api.get('/bets', async (req) => {
    const ses = await session(req);
    const q = parse(
      z.object({
        game: z.enum(['slot', 'dice', 'crash', 'cockfight', 'live', 'fish', 'sports', 'pvp']).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(20),
        token: z.string().optional(),
      }),
      req.query,
    );
    const rows = await s.bets.list(ownerOf(ses), { game: q.game, limit: q.limit });
    const pairs = new Map<number, Awaited<ReturnType<typeof s.fairness.pair>>>();
    for (const r of rows)
      if (r.seedPairId && !pairs.has(r.seedPairId)) pairs.set(r.seedPairId, await s.fairness.pair(r.seedPairId));
    return ok(
      rows.map((r) => ({
        roundId: r.roundId,
        game: r.game,
        gameCode: r.gameCode,
        amount: String(r.amount),
        win: r.win === null ? null : String(r.win),
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        outcome: r.outcome,
        nonce: r.nonce,
        crashRoundId: r.crashRoundId,
        liveRoundId: r.liveRoundId,
        pvpHandId: r.pvpHandId,
        seed: r.seedPairId ? (pairs.get(r.seedPairId) ?? null) : null,
      })),
    );
  });
};
