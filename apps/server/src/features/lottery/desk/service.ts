import {
  LOTTERY_REPORT_MAX_DAYS,
  familyBetTypes,
  familySeedPrizes,
  prizeBounds,
  usesPrizeGroup,
  type LotteryDeskGame,
  type LotteryFamily,
  type LotteryGameSettingsBody,
  type LotteryPrizesBody,
} from '@app/contract';
import type { Db } from '../../../db/client.ts';
import type { OperatorActor } from '../../../http/auth.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import type { MerchantService } from '../../merchant/service.ts';
import type { OperatorService } from '../../operator/service.ts';
import type { LotteryService } from '../service.ts';
import * as data from './data.ts';

export interface LotteryDeskDeps {
  db: Db;
  merchants: Pick<MerchantService, 'brand'>;
  lottery: Pick<LotteryService, 'ensureConfig'>;
  audit: OperatorService['audit'];
  /** The clock (tests move it). */
  clock?: () => Date;
}

const HOUR = 3_600;
const DAY_MS = 86_400_000;

const localToday = (timezone: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const invalid = (field: string, message: string) => badRequest('VALIDATION_FAILED', message, { [field]: message });

/**
 * The lottery games desk and the GGR report (issue 18, decision 081): each game's switch, closing
 * seconds, prize group, limits and official-result deadline; each family's prizes (the odds of its
 * bet types) within bounds; every change audited with what it replaced. The bets read the same rows
 * on their next placement (nothing is cached).
 */
export const createLotteryDesk = ({ db, merchants, lottery, audit, clock = () => new Date() }: LotteryDeskDeps) => {
  const zoneOf = async (merchantId: number) => (await merchants.brand(merchantId)).merchant.timezone;

  const view = (g: data.SettingsRow, brandZone: string): LotteryDeskGame => ({
    gameCode: g.gameCode,
    family: g.family,
    official: g.official,
    enabled: g.enabled,
    intervalSeconds: g.intervalSeconds,
    closeSeconds: g.closeSeconds,
    prizeGroup: g.prizeGroup,
    usesPrizeGroup: usesPrizeGroup(g.family),
    minBet: String(g.minBet),
    maxBet: String(g.maxBet),
    maxPeriod: String(g.maxPeriod),
    maxExposure: String(g.maxExposure),
    voidAfterHours: !g.official || g.voidAfterSeconds === null ? null : Math.round(g.voidAfterSeconds / HOUR),
    timeZone: g.timeZone ?? brandZone,
  });

  /** What the audit keeps of a game's settings. */
  const auditOf = (g: data.SettingsRow) => ({
    enabled: g.enabled,
    closeSeconds: g.closeSeconds,
    prizeGroup: g.prizeGroup,
    voidAfterSeconds: g.voidAfterSeconds,
    minBet: String(g.minBet),
    maxBet: String(g.maxBet),
    maxPeriod: String(g.maxPeriod),
    maxExposure: String(g.maxExposure),
  });

  /** Locks a game, applies `change` and audits before and after, in one transaction; answers the game. */
  const changeGame = async (
    actor: OperatorActor,
    gameCode: string,
    action: string,
    ip: string,
    change: (tx: Db, before: data.SettingsRow) => Promise<void>,
  ) => {
    await lottery.ensureConfig(actor.merchantId);
    const after = await db.transaction(async (tx) => {
      const before = await data.lockSettings(tx, actor.merchantId, gameCode);
      if (!before) throw notFound('This lottery game does not exist');
      await change(tx, before);
      const now = (await data.lockSettings(tx, actor.merchantId, gameCode))!;
      await audit(actor, action, `lottery_game:${gameCode}`, { before: auditOf(before), after: auditOf(now) }, ip, tx);
      return now;
    });
    return view(after, await zoneOf(actor.merchantId));
  };

  const prizeList = async (merchantId: number, family: LotteryFamily, tx: Db = db) => {
    const stored = new Map((await data.prizesOf(tx, merchantId, family)).map((r) => [r.prizeKey, r.prize]));
    const types = familyBetTypes(family);
    return {
      family,
      list: Object.entries(familySeedPrizes(family)).map(([prizeKey, seeded]) => {
        const { min, max } = prizeBounds(family, seeded);
        return {
          prizeKey,
          prize: String(stored.get(prizeKey) ?? seeded),
          seeded: String(seeded),
          min: String(min),
          max: String(max),
          betTypes: types.filter((d) => d.prizeKeys.includes(prizeKey)).map((d) => d.id),
        };
      }),
    };
  };

  return {
    async games(actor: OperatorActor) {
      await lottery.ensureConfig(actor.merchantId);
      const zone = await zoneOf(actor.merchantId);
      return { list: (await data.listSettings(db, actor.merchantId)).map((g) => view(g, zone)) };
    },

    /**
     * A game's switch, closing seconds, prize group and deadline. Closing seconds must stay below the
     * interval; an official game's prize group stays (its rows are its odds); a house game has no
     * result deadline (it draws its own).
     */
    async settings(actor: OperatorActor, body: LotteryGameSettingsBody, ip: string) {
      return changeGame(actor, body.gameCode, 'lottery.game.settings', ip, async (tx, before) => {
        if (body.closeSeconds >= before.intervalSeconds)
          throw invalid(
            'closeSeconds',
            `Betting must close less than ${before.intervalSeconds} seconds before the draw`,
          );
        if (!usesPrizeGroup(before.family) && body.prizeGroup !== before.prizeGroup)
          throw invalid('prizeGroup', 'An official lottery pays its prize rows; its prize group stays as it is');
        if (!before.official && body.voidAfterHours !== null)
          throw invalid('voidAfterHours', 'Only an official lottery waits for a result');
        const voidAfterSeconds = before.official
          ? body.voidAfterHours === null
            ? null
            : body.voidAfterHours * HOUR
          : before.voidAfterSeconds;
        await data.updateSettings(tx, actor.merchantId, body.gameCode, {
          enabled: body.enabled,
          closeSeconds: body.closeSeconds,
          prizeGroup: body.prizeGroup,
          voidAfterSeconds,
        });
        if (body.closeSeconds !== before.closeSeconds)
          await data.recloseAhead(tx, actor.merchantId, body.gameCode, body.closeSeconds);
      });
    },

    /** A game's limits (per bet, per member and period, per number and period); the next bet reads them. */
    async limits(
      actor: OperatorActor,
      body: { gameCode: string; minBet: string; maxBet: string; maxPeriod: string; maxExposure: string },
      ip: string,
    ) {
      const game = await changeGame(actor, body.gameCode, 'lottery.limits', ip, (tx) =>
        data.updateLimits(tx, actor.merchantId, body.gameCode, {
          minBet: BigInt(body.minBet),
          maxBet: BigInt(body.maxBet),
          maxPeriod: BigInt(body.maxPeriod),
          maxExposure: BigInt(body.maxExposure),
        }),
      );
      return {
        gameCode: game.gameCode,
        minBet: game.minBet,
        maxBet: game.maxBet,
        maxPeriod: game.maxPeriod,
        maxExposure: game.maxExposure,
      };
    },

    async prizes(actor: OperatorActor, family: LotteryFamily) {
      await lottery.ensureConfig(actor.merchantId);
      return prizeList(actor.merchantId, family);
    },

    /** Sets prizes of a family, each a known key within its bounds (all or none), audited before and after. */
    async setPrizes(actor: OperatorActor, body: LotteryPrizesBody, ip: string) {
      await lottery.ensureConfig(actor.merchantId);
      const seeds = familySeedPrizes(body.family);
      for (const [i, p] of body.prizes.entries()) {
        const seeded = Object.hasOwn(seeds, p.prizeKey) ? seeds[p.prizeKey] : undefined;
        if (seeded === undefined) throw invalid(`prizes.${i}.prizeKey`, 'Not a prize of this family');
        const { min, max } = prizeBounds(body.family, seeded);
        const prize = BigInt(p.prize);
        if (prize < min || prize > max)
          throw invalid(`prizes.${i}.prize`, `Between ${min} and ${max} (minor units) for this prize`);
      }
      return db.transaction(async (tx) => {
        const before = Object.fromEntries(
          (await data.lockPrizes(tx, actor.merchantId, body.family)).map((r) => [r.prizeKey, String(r.prize)]),
        );
        const changed = body.prizes.filter((p) => before[p.prizeKey] !== String(BigInt(p.prize)));
        for (const p of changed) await data.setPrize(tx, actor.merchantId, body.family, p.prizeKey, BigInt(p.prize));
        if (changed.length)
          await audit(
            actor,
            'lottery.prizes',
            `lottery_family:${body.family}`,
            {
              before: Object.fromEntries(changed.map((p) => [p.prizeKey, before[p.prizeKey] ?? null])),
              after: Object.fromEntries(changed.map((p) => [p.prizeKey, String(BigInt(p.prize))])),
            },
            ip,
            tx,
          );
        return prizeList(actor.merchantId, body.family, tx);
      });
    },

    /** GGR per game over local days of the brand (today when no range is given). */
    async report(actor: OperatorActor, q: { from?: string | undefined; to?: string | undefined }) {
      await lottery.ensureConfig(actor.merchantId);
      const timezone = await zoneOf(actor.merchantId);
      const today = localToday(timezone, clock());
      const from = q.from ?? q.to ?? today;
      const to = q.to ?? q.from ?? today;
      if (from > to) throw invalid('from', 'The first day comes after the last');
      if (daysBetween(from, to) + 1 > LOTTERY_REPORT_MAX_DAYS)
        throw invalid('to', `Choose at most ${LOTTERY_REPORT_MAX_DAYS} days`);
      const [{ games, total }, settings] = await Promise.all([
        data.report(db, { merchantId: actor.merchantId, timezone, from, to }),
        data.listSettings(db, actor.merchantId),
      ]);
      const familyOf = new Map(settings.map((g) => [g.gameCode, g.family]));
      const figures = (r: data.ReportRow) => ({
        bets: String(r.bets),
        wins: String(r.wins),
        refunds: String(r.refunds),
        open: String(r.open),
        ggr: String(r.bets - r.refunds - r.open - r.wins),
        betCount: r.betCount,
        players: r.players,
      });
      return {
        timezone,
        from,
        to,
        list: games
          .filter((r) => familyOf.has(r.gameCode))
          .map((r) => ({ gameCode: r.gameCode, family: familyOf.get(r.gameCode)!, ...figures(r) }))
          .sort((a, b) => (BigInt(b.bets) > BigInt(a.bets) ? 1 : BigInt(b.bets) < BigInt(a.bets) ? -1 : 0)),
        totals: figures(total),
      };
    },
  };
};

export type LotteryDesk = ReturnType<typeof createLotteryDesk>;
