import { createHash, randomBytes } from 'node:crypto';
import {
  HOUSE_BET_TYPES,
  betExposure,
  exposureCell,
  HOUSE_SEED_PRIZES,
  SEA_FAMILIES,
  SEA_SEED_PRIZES,
  SSC_SEED_PRIZES,
  VN_FAMILIES,
  VN_SEED_PRIZES,
  betCost,
  betTypeOf,
  betWin,
  checkPicks,
  checkResult,
  deriveResult,
  isVnFamily,
  prizeAt,
  seedHash,
  toHex,
  type LotteryBet,
  type LotteryDeskPeriod,
  type LotteryFamily,
  type LotteryGame,
  type LotteryGameState,
  type LotteryPeriod,
  type LotteryChaseBody,
  type LotteryPlaceBody,
} from '@app/contract';
import type { Db } from '../../db/client.ts';
import type { MemberActor, OperatorActor } from '../../http/auth.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { Batcher } from '../../lib/batcher.ts';
import type { JobRunner } from '../../lib/jobs.ts';
import type { LobbyService } from '../lobby/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { NotificationService } from '../notification/service.ts';
import type { OperatorService } from '../operator/service.ts';
import type { ProtectionService } from '../protection/service.ts';
import type { GameHistory } from '../provider/history/service.ts';
import type { WalletAccount, WalletService } from '../wallet/service.ts';
import * as batches from './batches/data.ts';
import * as data from './data.ts';
import { houseFeed, type ResultFeed } from './feed.ts';
import { HOUSE_GAMES, SEA_GAMES, VN_GAMES, periodAfter, periodAt, type PeriodTimes } from './schedule.ts';

/**
 * The house lottery (issue 18, decision 063): draws on a schedule, provably fair, and the bets on
 * them. Money moves only through the wallet, each movement under a key of the bet
 * (`lottery:bet:<id>`, `lottery:win:<id>`, `lottery:cancel:<id>`, `lottery:void:<id>`); each bet is
 * also a round in game_rounds (provider LOTTERY), so bet history, profit and agents' figures read it.
 */

export const DRAW_JOB = 'lottery.draw';
export const SCHEDULE_JOB = 'lottery.schedule';
/** An official period's settlement after its hold (decision 068). */
export const SETTLE_JOB = 'lottery.settle';
/** game_rounds.provider of the lottery's rounds. */
export const LOTTERY_PROVIDER = 'LOTTERY';
/** Bets settled per statement (decision 077): large enough to amortise, small enough for one JSON parameter. */
const SETTLE_CHUNK = 2_000;
/** Families members can bet on so far; the others draw and show their results. */
const BETTING_FAMILIES = new Set<string>(['SSC', ...VN_FAMILIES, ...SEA_FAMILIES, ...Object.keys(HOUSE_BET_TYPES)]);

/** The page that plays a game: its catalogue vendor's (the game code's prefix). */
const areaOf = (gameCode: string): 'lottery' | 'vn' | 'sea' =>
  gameCode.startsWith('tcg_lotto_vn-') ? 'vn' : gameCode.startsWith('tcg_sea-') ? 'sea' : 'lottery';

/** A period's view after its result: stored periods from before decision 068 have no source (house). */
type Source = 'house' | 'feed' | 'operator';

export interface LotteryDeps {
  db: Db;
  wallet: WalletService;
  merchants: Pick<MerchantService, 'brand'>;
  jobs: Pick<JobRunner, 'enqueue'>;
  notifications: Pick<NotificationService, 'balanceChanged'>;
  lobby: Pick<LobbyService, 'queueWin'>;
  rounds: Pick<GameHistory, 'openHouseRound' | 'endHouseRound' | 'closeHouseRounds'>;
  /** Player protection: a restricted member, or a stake past a wager or loss limit, is refused. */
  protection: Pick<ProtectionService, 'assertMayPlay'>;
  findMember: (merchantId: number, memberId: number) => Promise<{ username: string } | null>;
  /** How many periods after the current one exist ahead of time. */
  periodsAhead?: number;
  /** Official results (decision 068): demo mode's house draws, or a real provider. */
  feed?: ResultFeed;
  /** Demo-only helpers (closing a period now) exist only when this is on. */
  demoMode?: boolean;
  /** The operators' audit log (entries and confirmations of official results). */
  audit?: OperatorService['audit'];
  /** The clock (tests move it). */
  clock?: () => Date;
  /** Bets placed in batches (decision 078); `inFlight: 0` places every bet one at a time. */
  batching?: { maxSize: number; inFlight: number };
  /** Told when a whole placement batch fails (its bets then go one at a time). */
  onBatchFailure?: (err: unknown, size: number) => void;
  /**
   * Connections the settle job settles a period's chunks on, each chunk committed on its own
   * (decision 106); 0 settles in the job's transaction (PGlite, whose pool is one connection).
   */
  settleConnections?: number;
}

/** How long a game's pricing is kept between reads (decision 112); a batch re-checks it by its stamp. */
const PRICING_CACHE_MS = 2000;

const periodKey = (merchantId: number, gameCode: string, numero: string) => `${merchantId}:${gameCode}:${numero}`;

export const createLotteryService = ({
  db,
  wallet,
  merchants,
  jobs,
  notifications,
  lobby,
  rounds,
  protection,
  findMember,
  periodsAhead = 2,
  clock = () => new Date(),
  feed = houseFeed,
  demoMode = false,
  audit,
  batching = { maxSize: 64, inFlight: 4 },
  onBatchFailure,
  settleConnections = 0,
}: LotteryDeps) => {
  const configured = new Set<number>();

  const ensureConfig = async (merchantId: number) => {
    if (configured.has(merchantId)) return;
    // Every game and prize row the brand lacks (ON CONFLICT DO NOTHING: operators' edits stay).
    const prizes: { family: LotteryFamily; prizeKey: string; prize: bigint }[] = [
      ...Object.entries(SSC_SEED_PRIZES).map(([prizeKey, prize]) => ({
        family: 'SSC' as const,
        prizeKey,
        prize,
      })),
      ...VN_FAMILIES.flatMap((family) =>
        Object.entries(VN_SEED_PRIZES).map(([prizeKey, prize]) => ({
          family,
          prizeKey,
          prize,
        })),
      ),
      ...SEA_FAMILIES.flatMap((family) =>
        Object.entries(SEA_SEED_PRIZES[family]).map(([prizeKey, prize]) => ({ family, prizeKey, prize })),
      ),
      ...Object.entries(HOUSE_SEED_PRIZES).flatMap(([family, seeded]) =>
        Object.entries(seeded).map(([prizeKey, prize]) => ({ family: family as LotteryFamily, prizeKey, prize })),
      ),
    ];
    await data.ensureConfig(db, merchantId, [...HOUSE_GAMES, ...VN_GAMES, ...SEA_GAMES], prizes);
    configured.add(merchantId);
  };

  /** The brand's time zone; in a transaction (a job's) through it: on PGlite the pool is that one connection. */
  const timeZoneOf = async (merchantId: number, tx: Db = db) =>
    (await merchants.brand(merchantId, tx)).merchant.timezone;
  /** The zone a game's hours are in: its own (Vietnam's lotteries) or the brand's. */
  const zoneOf = async (merchantId: number, game: data.GameRow, tx: Db = db) =>
    game.timeZone ?? (await timeZoneOf(merchantId, tx));

  const gameOf = async (merchantId: number, gameCode: string) => {
    await ensureConfig(merchantId);
    const game = await data.findGame(db, merchantId, gameCode);
    if (!game || !game.enabled) throw notFound('This lottery game is not available');
    return game;
  };

  /** Creates the period at `at` and the next ones (each with its seed and its draw job) unless they exist. */
  const ensurePeriods = async (merchantId: number, game: data.GameRow, at: Date, tx: Db = db, ahead = periodsAhead) => {
    const timeZone = await zoneOf(merchantId, game, tx);
    const times: PeriodTimes[] = [periodAt(game, at, timeZone)];
    for (let i = 0; i < ahead; i++) times.push(periodAfter(game, times[times.length - 1]!, timeZone));
    const rows: data.PeriodRow[] = [];
    for (const t of times) {
      const seed = toHex(randomBytes(32));
      const p = await data.createPeriod(tx, {
        merchantId,
        gameCode: game.gameCode,
        ...t,
        seed,
        seedHash: seedHash(seed),
      });
      if (p.status === 'open')
        await jobs.enqueue(
          {
            name: DRAW_JOB,
            key: periodKey(merchantId, game.gameCode, p.numero),
            runAt: p.drawAt,
            payload: { merchantId, gameCode: game.gameCode, numero: p.numero },
          },
          tx,
        );
      rows.push(p);
    }
    return rows;
  };

  const periodView = (p: data.PeriodRow, now: Date): LotteryPeriod => {
    const revealed = p.status === 'drawn' || p.status === 'settled';
    const source: Source | null = revealed ? (p.source ?? 'house') : null;
    return {
      numero: p.numero,
      openAt: p.openAt.toISOString(),
      closeAt: p.closeAt.toISOString(),
      drawAt: p.drawAt.toISOString(),
      status: p.status === 'open' && now >= p.closeAt ? 'closed' : p.status,
      seedHash: p.seedHash,
      // The seed is revealed with a result it drew; an official result did not come from it.
      seed: source === 'house' ? p.seed : null,
      result: revealed ? p.result : null,
      source,
    };
  };

  const gameView = (g: data.GameRow, brandZone: string): LotteryGame => ({
    gameCode: g.gameCode,
    family: g.family,
    intervalSeconds: g.intervalSeconds,
    closeSeconds: g.closeSeconds,
    betting: BETTING_FAMILIES.has(g.family),
    enabled: g.enabled,
    area: areaOf(g.gameCode),
    official: g.official,
    timeZone: g.timeZone ?? brandZone,
  });

  const prizesFor = async (merchantId: number, game: data.GameRow, tx: Db = db) => {
    const rows = await data.prizesOf(tx, merchantId, game.family);
    return Object.fromEntries(rows.map((r) => [r.prizeKey, prizeAt(r.prize, game.prizeGroup)]));
  };

  /** Prize set ids by merchant, family and digest: rows never change, so an id once read stays right. */
  const prizeSetIds = new Map<string, number>();
  /**
   * The prizes a bet is sold at now and the id of their set (decision 090), read outside the bet's
   * transaction: the bet keeps them, whatever the operator changes before its draw.
   */
  const prizeSetFor = async (merchantId: number, game: data.GameRow, rows?: { prizeKey: string; prize: bigint }[]) => {
    const prizes = rows
      ? Object.fromEntries(rows.map((r) => [r.prizeKey, prizeAt(r.prize, game.prizeGroup)]))
      : await prizesFor(merchantId, game);
    const entries = Object.entries(prizes)
      .map(([k, v]) => [k, String(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const digest = createHash('sha256').update(JSON.stringify(entries)).digest('hex');
    const cacheKey = `${merchantId}:${game.family}:${digest}`;
    let id = prizeSetIds.get(cacheKey);
    if (id === undefined) {
      id = await data.prizeSetId(db, { merchantId, family: game.family, digest, prizes: Object.fromEntries(entries) });
      prizeSetIds.set(cacheKey, id);
    }
    return { id, prizes };
  };

  /** The prizes each bet was sold at; a bet sold before decision 090 takes `current`. */
  const soldAt = async (
    tx: Db,
    bets: { prizeSetId: number | null }[],
    current: () => Promise<Record<string, bigint>>,
  ) => {
    const sets = await data.prizeSets(tx, [
      ...new Set(bets.flatMap((b) => (b.prizeSetId === null ? [] : [b.prizeSetId]))),
    ]);
    const fallback = bets.some((b) => b.prizeSetId === null || !sets.has(b.prizeSetId)) ? await current() : {};
    return (b: { prizeSetId: number | null }) =>
      (b.prizeSetId === null ? undefined : sets.get(b.prizeSetId)) ?? fallback;
  };

  const betView = (b: data.BetRow): LotteryBet => ({
    id: b.id,
    gameCode: b.gameCode,
    numero: b.numero,
    betType: b.betType,
    picks: b.picks,
    multiplier: b.multiplier,
    units: b.units,
    amount: String(b.amount),
    win: String(b.win),
    status: b.status,
    result: b.result,
    closeAt: b.closeAt.toISOString(),
    createdAt: b.createdAt.toISOString(),
    settledAt: b.settledAt ? b.settledAt.toISOString() : null,
    chaseId: b.chaseId,
  });

  const betOf = async (id: number) => {
    const b = await data.findBet(db, id);
    if (!b) throw notFound('Bet not found');
    return betView(b);
  };

  const currencyOf = async (merchantId: number, memberId: number, tx: Db) =>
    (await wallet.walletOf(merchantId, memberId, tx)).currency;

  /* ------------------------------------------------------------- draws and settlement (jobs) */

  /** The settle job of a drawn period, due at `runAt` (its draw, or an official result's hold). */
  const enqueueSettle = (tx: Db, p: { merchantId: number; gameCode: string; numero: string }, runAt: Date) =>
    jobs.enqueue({ name: SETTLE_JOB, key: periodKey(p.merchantId, p.gameCode, p.numero), runAt, payload: p }, tx);

  /**
   * Draws a period at its time: the numbers come from its seed alone. Exactly once (the job and the
   * status). The result is committed with the draw job; the bets are settled by the period's settle
   * job (decision 106), which may commit them chunk by chunk under a result that can no longer change.
   */
  const draw = async (
    tx: Db,
    p: { merchantId: number; gameCode: string; numero: string },
    _afterCommit: (fn: () => unknown) => void,
  ) => {
    const game = await data.findGame(tx, p.merchantId, p.gameCode);
    const found = await data.findPeriod(tx, p.merchantId, p.gameCode, p.numero);
    if (!game || !found) return;
    const period = await data.lockPeriod(tx, found.id, 'update');
    if (period.status !== 'open') return;
    if (game.official) {
      // An official result: the feed's (demo mode: the house's from the seed), or none yet (the desk's).
      const result = await feed.result({ ...p, family: game.family, drawAt: period.drawAt, seed: period.seed });
      if (!result || checkResult(game.family, result)) return;
      await data.markDrawn(tx, period.id, result, feed.source);
      await enqueueSettle(tx, p, new Date(period.drawAt.getTime() + game.settleHoldSeconds * 1000));
      return;
    }
    const result = deriveResult(game.family, period.seed, game.gameCode, period.numero);
    await data.markDrawn(tx, period.id, result);
    if (!(await data.hasOpenBets(tx, period.id))) {
      await data.markPeriod(tx, period.id, 'drawn', 'settled');
      return;
    }
    await enqueueSettle(tx, p, period.drawAt);
  };

  /** An official period's hold ran out: it settles unless two operators are correcting it. */
  const settleHeld = async (
    tx: Db,
    p: { merchantId: number; gameCode: string; numero: string },
    afterCommit: (fn: () => unknown) => void,
  ) => {
    const found = await data.findPeriod(tx, p.merchantId, p.gameCode, p.numero);
    if (!found) return;
    await data.lockPeriod(tx, found.id, 'update');
    // A pending correction settles when its second operator confirms it.
    if (await data.hasPendingEntry(tx, found.id)) return;
    await settle(tx, p, afterCommit, settleConnections);
  };

  /**
   * Pays each open bet of a drawn period once (its status and the wallet key both say so), in chunks
   * (decisions 077, 087, 106 and 119): per chunk one statement ends the bets still open and closes the
   * losers' rounds, then one wallet batch credits the winners it ended (keys
   * `lottery:win:<bet id>`) and closes their rounds in the same statement, then the chunk's chases.
   *
   * `connections` 0: every chunk in the caller's transaction (a result confirmed in that same
   * transaction, or a database of one connection): a crash leaves every bet open. n > 0 (the settle
   * job, whose period's result was committed by its draw): the members' bets split in n groups (a
   * member's bets in one group, so two connections never wait for one wallet row), each group's
   * chunks committed one by one in their own transactions on n connections of the pool, each group
   * on its own house lane. A crash then leaves whole chunks settled and the job settles the rest;
   * the desk refuses a correction or a void once a bet of the period has ended (`hasEndedBets`).
   */
  const settle = async (
    tx: Db,
    p: { merchantId: number; gameCode: string; numero: string },
    afterCommit: (fn: () => unknown) => void,
    connections = 0,
  ) => {
    const game = await data.findGame(tx, p.merchantId, p.gameCode);
    const found = await data.findPeriod(tx, p.merchantId, p.gameCode, p.numero);
    if (!game || !found) return;
    const period = await data.lockPeriod(tx, found.id, 'update');
    if (period.status !== 'drawn' || !period.result) return;
    const result = period.result;
    const open = await data.betsToSettle(tx, period.id);
    // Each bet pays at the prizes it was sold at (decision 090).
    const prizesOfBet = await soldAt(tx, open, () => prizesFor(p.merchantId, game, tx));
    const bets = open.map((bet) => {
      const def = betTypeOf(game.family, bet.betType);
      return { bet, win: def ? betWin(def, bet.picks, result, bet.multiplier, prizesOfBet(bet), period.numero) : 0n };
    });
    // The winners' wallets, read once before the chunks (walletsOf reads them in one query).
    const winnerIds = [...new Set(bets.filter(({ win }) => win > 0n).map(({ bet }) => bet.memberId))];
    const accounts = new Map<number, WalletAccount>();
    for (let from = 0; from < winnerIds.length; from += 5_000)
      for (const [id, account] of await wallet.walletsOf(p.merchantId, winnerIds.slice(from, from + 5_000), tx))
        accounts.set(id, account);

    const ended = new Map<number, string>();
    const paid = new Map<number, number | null>();
    const settleChunk = async (at: Db, chunk: typeof bets, lane: number) => {
      const rows = await data.endBets(
        at,
        period.id,
        chunk.map(({ bet, win }) => ({ id: bet.id, status: win > 0n ? ('won' as const) : ('lost' as const), win })),
        { result, win: '0' },
      );
      const here = new Set(rows.map((r) => r.id));
      const winners = chunk.filter(({ bet, win }) => win > 0n && here.has(bet.id));
      // One wallet batch pays the chunk's winners, several wins of a member included (decision 119).
      const chunkPaid = new Map<number, number | null>();
      const unanswered: typeof bets = [];
      if (winners.length) {
        const entries = [];
        for (const w of winners)
          entries.push({
            move: await wallet.gameMoveFor(
              'win',
              winMove(p.merchantId, game.gameCode, period.numero, w, at),
              accounts.get(w.bet.memberId),
            ),
            record: { bet_id: w.bet.id, win: String(w.win), detail: { result, win: String(w.win) } },
          });
        const answers = await wallet.postBatch(data.WINS, entries, lane, at);
        for (const [i, w] of winners.entries()) {
          const answer = answers[i];
          if (answer) chunkPaid.set(w.bet.id, answer.gameId);
          else unanswered.push(w);
        }
      }
      // A win the batch did not answer although this settlement ended its bet: its key was taken (it
      // cannot be, the bet was open in this transaction, but the wallet is the judge). `wallet.win`
      // answers a replay of the same credit and refuses a different one; its round closes here.
      if (unanswered.length) {
        const closing = [];
        for (const w of unanswered) {
          const { balance } = await wallet.win(winMove(p.merchantId, game.gameCode, period.numero, w, at));
          closing.push({
            roundId: `bet-${w.bet.id}`,
            win: w.win,
            balanceAfter: balance,
            detail: { result, win: String(w.win) },
          });
        }
        for (const r of await rounds.closeHouseRounds(at, LOTTERY_PROVIDER, closing)) {
          const w = unanswered.find(({ bet }) => `bet-${bet.id}` === r.roundId);
          if (w) chunkPaid.set(w.bet.id, r.gameId);
        }
      }
      // A chase's bet: a stop-on-win chase's win refunds its later periods; a finished chase is done.
      // In the chunk's transaction, so a committed chunk has its chases handled too.
      for (const { bet, win } of chunk)
        if (bet.chaseId !== null && here.has(bet.id))
          await afterChaseBet(at, p.merchantId, bet.chaseId, period.id, win > 0n);
      return { rows, chunkPaid };
    };
    const keep = ({ rows, chunkPaid }: Awaited<ReturnType<typeof settleChunk>>) => {
      for (const r of rows) ended.set(r.id, r.status);
      for (const [id, gameId] of chunkPaid) paid.set(id, gameId);
    };
    if (connections <= 0) {
      for (let from = 0; from < bets.length; from += SETTLE_CHUNK)
        keep(await settleChunk(tx, bets.slice(from, from + SETTLE_CHUNK), period.id));
    } else {
      const groups: (typeof bets)[] = Array.from({ length: connections }, () => []);
      for (const b of bets) groups[b.bet.memberId % connections]!.push(b);
      await Promise.all(
        groups.map(async (group, g) => {
          for (let from = 0; from < group.length; from += SETTLE_CHUNK) {
            const chunk = group.slice(from, from + SETTLE_CHUNK);
            // A deadlock with another writer (a placement batch on the same house lane and member)
            // rolls the chunk back whole; it is tried again, and its open bets are still open.
            for (let attempt = 1; ; attempt++) {
              try {
                keep(await db.transaction((at) => settleChunk(at, chunk, period.id + g)));
                break;
              } catch (err) {
                const code =
                  (err as { code?: string; cause?: { code?: string } }).code ??
                  (err as { cause?: { code?: string } }).cause?.code;
                if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
              }
            }
          }
        }),
      );
    }

    const live = bets.filter(({ bet }) => ended.has(bet.id));
    const touched = new Set<number>();
    const wins: { memberId: number; betId: number; win: bigint }[] = [];
    const won: { memberId: number; betId: number; gameId: number; win: bigint }[] = [];
    for (const { bet, win } of live) {
      touched.add(bet.memberId);
      if (win <= 0n) continue;
      wins.push({ memberId: bet.memberId, betId: bet.id, win });
      const gameId = paid.get(bet.id);
      if (gameId) won.push({ memberId: bet.memberId, betId: bet.id, gameId, win });
    }
    await data.markPeriod(tx, period.id, 'drawn', 'settled');
    afterCommit(async () => {
      for (const memberId of touched) await notifications.balanceChanged(memberId, 'lottery');
      for (const w of won) {
        const member = await findMember(p.merchantId, w.memberId);
        if (member)
          lobby.queueWin({
            merchantId: p.merchantId,
            memberId: w.memberId,
            gameId: w.gameId,
            roundRef: `${LOTTERY_PROVIDER}:bet-${w.betId}`,
            account: member.username,
            winAmount: w.win,
          });
      }
    });
    return { settled: bets.length, wins };
  };

  /** A winning bet's credit, as the wallet takes it (key `lottery:win:<bet id>`). */
  const winMove = (
    merchantId: number,
    gameCode: string,
    numero: string,
    { bet, win }: { bet: { id: number; memberId: number }; win: bigint },
    tx: Db,
  ) => ({
    merchantId,
    memberId: bet.memberId,
    amount: win,
    key: `lottery:win:${bet.id}`,
    roundRef: `lottery:${bet.id}`,
    gameRef: gameCode,
    gameType: 'LOTT',
    meta: { numero },
    db: tx,
  });

  /**
   * Refunds one open bet (a cancel, a void or a stopped chase); false when it was not open any more.
   * Its numbers' exposure goes back down by what it added (priced at the prizes it was sold at).
   */
  const refund = async (tx: Db, merchantId: number, bet: data.BetRow, how: 'cancel' | 'void' | 'chase') => {
    if (!(await data.endBet(tx, bet.id, how === 'void' ? 'refunded' : 'cancelled', 0n))) return false;
    const game = await data.findGame(tx, merchantId, bet.gameCode);
    const def = game ? betTypeOf(game.family, bet.betType) : undefined;
    if (game && def) {
      const prizes = (await soldAt(tx, [bet], () => prizesFor(merchantId, game, tx)))(bet);
      for (const e of betExposure(def, bet.picks, bet.multiplier, prizes))
        await data.removeExposure(tx, bet.periodId, e.cell, e.amount);
    }
    const back = await wallet.rollback({
      merchantId,
      key: `lottery:${how}:${bet.id}`,
      debitKey: `lottery:bet:${bet.id}`,
      meta: { reason: how },
      db: tx,
    });
    await rounds.endHouseRound(tx, {
      provider: LOTTERY_PROVIDER,
      roundId: `bet-${bet.id}`,
      status: 'refunded',
      win: 0n,
      refund: bet.amount,
      balanceAfter: back.balance,
      detail: { refunded: how },
    });
    return true;
  };

  /**
   * A chase's bet settled: a win of a stop-on-win chase refunds its bets on later periods (each under
   * `lottery:chase:<bet>`) and stops it; a chase with no open bet left is done.
   */
  const afterChaseBet = async (tx: Db, merchantId: number, chaseId: number, periodId: number, won: boolean) => {
    const chase = await data.lockChase(tx, chaseId);
    if (!chase || chase.status !== 'running') return;
    if (won && chase.stopOnWin) {
      for (const later of await data.openChaseBets(tx, chaseId, periodId)) await refund(tx, merchantId, later, 'chase');
      await data.endChase(tx, chaseId, 'stopped');
      return;
    }
    await data.endChase(tx, chaseId, 'done');
  };

  /**
   * What bets on a game are priced with (its row, its prizes' set, its stamp), kept for
   * PRICING_CACHE_MS per brand and game (decision 112). A batch's guard compares the stamp with the
   * game's at its own statement, so a bet priced with a row or prizes an operator has changed since
   * is not placed by the batch: it is priced again from the database and judged alone.
   */
  const pricings = new Map<
    string,
    { at: number; game: data.GameRow; prizeSet: { id: number; prizes: Record<string, bigint> }; stamp: string }
  >();
  const pricingOf = async (merchantId: number, gameCode: string, fresh: boolean) => {
    const key = `${merchantId}:${gameCode}`;
    const hit = pricings.get(key);
    if (!fresh && hit && Date.now() - hit.at < PRICING_CACHE_MS) return hit;
    await ensureConfig(merchantId);
    const found = await data.findPricing(db, merchantId, gameCode);
    if (!found || !found.game.enabled) {
      pricings.delete(key);
      throw notFound('This lottery game is not available');
    }
    const pricing = {
      at: Date.now(),
      game: found.game,
      prizeSet: await prizeSetFor(merchantId, found.game, found.prizes),
      stamp: found.stamp,
    };
    if (pricings.size > 10_000) pricings.clear();
    pricings.set(key, pricing);
    return pricing;
  };

  /**
   * A bet's type, units and cost on its game, or the 4xx that refuses it. `fresh`: the game and its
   * prizes read now, not from the short-lived cache (the careful path, decision 112).
   */
  const priced = async (
    merchantId: number,
    body: Pick<LotteryPlaceBody, 'gameCode' | 'betType' | 'picks' | 'multiplier'>,
    fresh = true,
  ) => {
    const { game, prizeSet, stamp } = await pricingOf(merchantId, body.gameCode, fresh);
    if (!BETTING_FAMILIES.has(game.family))
      throw conflict('LOTTERY_NOT_BETTABLE', 'Betting on this lottery opens later');
    const def = betTypeOf(game.family, body.betType);
    if (!def || def.family !== game.family)
      throw badRequest('VALIDATION_FAILED', 'Not a bet type of this game', {
        betType: 'Not a bet type of this game',
      });
    const problem = checkPicks(def, body.picks);
    if (problem) throw badRequest('VALIDATION_FAILED', problem, { picks: problem });
    const units = def.units(body.picks);
    const amount = betCost(units, body.multiplier);
    if (amount < game.minBet || amount > game.maxBet)
      throw badRequest('LOTTERY_LIMIT', "The bet is outside this game's limits", {
        multiplier: `Each bet must cost between ${game.minBet} and ${game.maxBet} (minor units)`,
      });
    return { game, def, units, amount, prizeSet, stamp };
  };

  /**
   * Places one bet on a period inside the caller's transaction: the period held FOR SHARE (the draw
   * waits for it), the conditional insert (only while the period takes bets), the debit under
   * `lottery:bet:<id>`, the member's per-period limit, and its round. Null when the period is not open.
   */
  const placeIn = async (
    tx: Db,
    actor: MemberActor,
    bet: Awaited<ReturnType<typeof priced>> & { picks: string[][]; multiplier: number },
    periodId: number,
    chase: { id: number; ahead: boolean } | null = null,
  ) => {
    const { merchantId, memberId } = actor;
    const { game, def, units, amount } = bet;
    // The share lock makes the draw (which locks the period for update) wait for this bet.
    const locked = await data.lockPeriod(tx, periodId, 'share');
    await protection.assertMayPlay({ merchantId, memberId, amount, sessionId: actor.sessionId, db: tx });
    const id: number | null = await data.insertBet(tx, {
      merchantId,
      memberId,
      periodId: locked.id,
      gameCode: game.gameCode,
      numero: locked.numero,
      betType: def.id,
      picks: bet.picks,
      multiplier: bet.multiplier,
      units,
      amount,
      chaseId: chase?.id ?? null,
      ahead: chase?.ahead ?? false,
      prizeSetId: bet.prizeSet.id,
    });
    if (id === null)
      throw conflict(
        'LOTTERY_CLOSED',
        clock() < locked.openAt ? 'Betting on this period has not opened yet' : 'Betting on this period has closed',
      );
    const paid = await wallet.bet({
      merchantId,
      memberId,
      amount,
      key: `lottery:bet:${id}`,
      roundRef: `lottery:${id}`,
      gameRef: game.gameCode,
      gameType: 'LOTT',
      meta: { numero: locked.numero, betType: def.id },
      db: tx,
    });
    // Counted after the debit, which holds the member's wallet row until this commits: two bets of
    // one member on one period cannot both slip under the limit.
    if ((await data.memberStake(tx, memberId, locked.id)) > game.maxPeriod)
      throw conflict('LOTTERY_LIMIT', 'This bet would pass your limit for this period');
    // Each number's exposure, raised in this transaction (in one order: cells sorted); a number past
    // the operator's cap refuses the whole bet and rolls back the debit with it.
    for (const e of betExposure(def, bet.picks, bet.multiplier, bet.prizeSet.prizes))
      if ((await data.addExposure(tx, locked.id, e.cell, e.amount)) > game.maxExposure)
        throw conflict(
          'LOTTERY_EXPOSURE',
          `The number ${exposureCell(e.cell).pick} is sold out for this period; pick another number or a smaller multiplier`,
        );
    await rounds.openHouseRound(tx, {
      merchantId,
      memberId,
      provider: LOTTERY_PROVIDER,
      roundId: `bet-${id}`,
      vassalage: 'LOTT',
      gameCode: game.gameCode,
      gameType: 'LOTT',
      currency: await currencyOf(merchantId, memberId, tx),
      bet: amount,
      balanceAfter: paid.balance,
      detail: { numero: locked.numero, betType: def.id, picks: bet.picks, multiplier: bet.multiplier, units },
    });
    return id;
  };

  /**
   * Bets of many members placed together (decision 078): one transaction of three statements per
   * batch (batches/data.ts). A bet answered null goes the careful way (`placeIn`), which judges it
   * alone and refuses it with its exact reason; so does every bet of a batch that failed as a whole.
   */
  type Placement = {
    actor: MemberActor;
    bet: Awaited<ReturnType<typeof priced>> & { picks: string[][]; multiplier: number };
    numero: string;
  };
  const placeBatch = async (items: Placement[], lane: number) => {
    // The members' wallet accounts, which never change once opened: read outside the transaction, so
    // they are kept by the wallet service and a later batch of the same members reads none (decision 112).
    const accounts = new Map<number, Awaited<ReturnType<typeof wallet.walletsOf>>>();
    for (const merchantId of new Set(items.map((i) => i.actor.merchantId)))
      accounts.set(
        merchantId,
        await wallet.walletsOf(
          merchantId,
          items.filter((i) => i.actor.merchantId === merchantId).map((i) => i.actor.memberId),
        ),
      );
    return db.transaction(async (tx): Promise<(LotteryBet | null)[]> => {
      const claimed = await batches.claimIds(
        tx,
        items.length,
        items.map((i) => ({ merchantId: i.actor.merchantId, gameCode: i.bet.game.gameCode, numero: i.numero })),
      );
      const periodOf = new Map(claimed.periods.map((p) => [periodKey(p.merchantId, p.gameCode, p.numero), p]));
      const placed: {
        item: Placement;
        index: number;
        id: number;
        period: (typeof claimed.periods)[number];
        cells: { cell: string; amount: bigint }[];
      }[] = [];
      for (const [index, item] of items.entries()) {
        const { merchantId } = item.actor;
        const period = periodOf.get(periodKey(merchantId, item.bet.game.gameCode, item.numero));
        if (!period) continue;
        const { def, picks, multiplier, prizeSet } = item.bet;
        const cells = betExposure(def, picks, multiplier, prizeSet.prizes);
        placed.push({ item, index, id: claimed.ids[index]!, period, cells });
      }
      const entries = [];
      for (const p of placed) {
        const { merchantId, memberId } = p.item.actor;
        const { game, def, units, amount, picks, multiplier } = p.item.bet;
        const move = await wallet.gameMoveFor(
          'bet',
          {
            merchantId,
            memberId,
            amount,
            key: `lottery:bet:${p.id}`,
            roundRef: `lottery:${p.id}`,
            gameRef: game.gameCode,
            gameType: 'LOTT',
            meta: { numero: p.period.numero, betType: def.id },
            db: tx,
          },
          accounts.get(merchantId)?.get(memberId),
        );
        entries.push({
          move,
          record: {
            bet_id: p.id,
            merchant_id: merchantId,
            member_id: memberId,
            period_id: p.period.id,
            game_code: game.gameCode,
            numero: p.period.numero,
            bet_type: def.id,
            picks,
            multiplier,
            units,
            amount: String(amount),
            currency: move.currency,
            detail: { numero: p.period.numero, betType: def.id, picks, multiplier, units },
            cells: p.cells.map((c) => ({ cell: c.cell, amount: String(c.amount) })),
            prize_set_id: p.item.bet.prizeSet.id,
            game_stamp: p.item.bet.stamp,
          },
        });
      }
      const answers = entries.length ? await wallet.postBatch(batches.PLACED, entries, lane, tx) : [];
      const done = placed.filter((_, n) => answers[n]);
      if (done.length) {
        const stakes = new Map<string, { memberId: number; periodId: number; max: string }>();
        const cells = new Map<string, { periodId: number; cell: string; max: string }>();
        for (const p of done) {
          const { memberId } = p.item.actor;
          const { game } = p.item.bet;
          stakes.set(`${memberId}:${p.period.id}`, { memberId, periodId: p.period.id, max: String(game.maxPeriod) });
          for (const c of p.cells)
            cells.set(`${p.period.id}:${c.cell}`, {
              periodId: p.period.id,
              cell: c.cell,
              max: String(game.maxExposure),
            });
        }
        // A limit passed: the whole batch rolls back and each bet is judged alone.
        if (await batches.overLimits(tx, [...stakes.values()], [...cells.values()]))
          throw new Error('a placement batch passed a limit');
      }
      const out: (LotteryBet | null)[] = items.map(() => null);
      placed.forEach((p, n) => {
        const answer = answers[n];
        if (!answer) return;
        const { game, def, units, amount, picks, multiplier } = p.item.bet;
        out[p.index] = {
          id: p.id,
          gameCode: game.gameCode,
          numero: p.period.numero,
          betType: def.id,
          picks,
          multiplier,
          units,
          amount: String(amount),
          win: '0',
          status: 'open',
          result: null,
          closeAt: p.period.closeAt.toISOString(),
          createdAt: answer.createdAt.toISOString(),
          settledAt: null,
          chaseId: null,
        };
      });
      return out;
    });
  };
  const placements = new Batcher<Placement, LotteryBet>(placeBatch, {
    maxSize: Math.max(1, batching.maxSize),
    inFlight: Math.max(1, batching.inFlight),
    keysOf: (i) => [`m:${i.actor.merchantId}:${i.actor.memberId}`],
    onFailure: (err, size) => onBatchFailure?.(err, size),
  });

  /**
   * Voids a period that is neither settled nor void, in the caller's transaction (an operator's void
   * or the scheduler's deadline): the period locked for update, each open bet refunded once
   * (`lottery:void:<bet>`), the period marked void. Null when it was settled or void already.
   */
  const voidIn = async (tx: Db, merchantId: number, periodId: number, afterCommit: (fn: () => unknown) => void) => {
    const period = await data.lockPeriod(tx, periodId, 'update');
    if (period.status === 'settled' || period.status === 'void') return null;
    // A settlement cut short (decision 106) left some bets ended under the result: it finishes, never voids.
    if (await data.hasEndedBets(tx, period.id)) return null;
    const touched = new Set<number>();
    let n = 0;
    for (const bet of await data.openBetsOf(tx, period.id))
      if (await refund(tx, merchantId, bet, 'void')) {
        n++;
        touched.add(bet.memberId);
      }
    await data.markPeriod(tx, period.id, period.status, 'void');
    afterCommit(async () => {
      for (const memberId of touched) await notifications.balanceChanged(memberId, 'lottery');
    });
    return n;
  };

  /* ------------------------------------------------------------- official results (decision 068) */

  const officialGame = async (merchantId: number, gameCode: string) => {
    const game = await gameOf(merchantId, gameCode);
    if (!game.official)
      throw conflict('LOTTERY_NOT_OFFICIAL', 'This game draws its own results; only official lotteries take entries');
    return game;
  };

  const deskView = async (
    merchantId: number,
    periods: data.PeriodRow[],
    games: Map<string, data.GameRow>,
  ): Promise<LotteryDeskPeriod[]> => {
    const ids = periods.map((p) => p.id);
    const [entries, stakes] = await Promise.all([data.entriesOf(db, ids), data.openStakes(db, ids)]);
    const now = clock();
    return periods.map((p) => {
      const stake = stakes.find((s) => s.periodId === p.id);
      return {
        ...periodView(p, now),
        gameCode: p.gameCode,
        family: games.get(p.gameCode)!.family,
        openBets: stake?.n ?? 0,
        openStake: String(stake?.total ?? 0n),
        entries: entries
          .filter((e) => e.periodId === p.id)
          .map((e) => ({
            id: e.id,
            result: e.result,
            enteredBy: e.enteredBy,
            enteredAt: e.enteredAt.toISOString(),
            confirmedBy: e.confirmedBy,
            confirmedAt: e.confirmedAt ? e.confirmedAt.toISOString() : null,
            status: e.status,
          })),
      };
    });
  };

  const deskPeriodOf = async (merchantId: number, game: data.GameRow, numero: string) => {
    const p = await data.findPeriod(db, merchantId, game.gameCode, numero);
    if (!p) throw notFound('This period does not exist');
    return (await deskView(merchantId, [p], new Map([[game.gameCode, game]])))[0]!;
  };

  /** A collector of after-commit work for transactions outside the job runner. */
  const afterCommitQueue = () => {
    const queued: (() => unknown)[] = [];
    return {
      add: (fn: () => unknown) => void queued.push(fn),
      run: async () => {
        for (const fn of queued) await fn();
      },
    };
  };

  return {
    ensureConfig,
    draw,
    settle,
    settleHeld,

    /** The draws desk: official games and their closed periods, undecided first. */
    async deskPeriods(actor: OperatorActor, gameCode?: string) {
      await ensureConfig(actor.merchantId);
      const brandZone = await timeZoneOf(actor.merchantId);
      const games = (await data.listGames(db, actor.merchantId)).filter((g) => g.official);
      const shown = gameCode ? games.filter((g) => g.gameCode === gameCode) : games;
      const periods = await data.deskPeriods(
        db,
        actor.merchantId,
        shown.map((g) => g.gameCode),
        40,
      );
      return {
        games: games.map((g) => gameView(g, brandZone)),
        list: await deskView(actor.merchantId, periods, new Map(games.map((g) => [g.gameCode, g]))),
      };
    },

    /** One operator enters (or corrects) a closed period's official result; it waits for a second operator. */
    async enterResult(
      actor: OperatorActor,
      body: { gameCode: string; numero: string; result: number[] },
      ip: string,
    ): Promise<LotteryDeskPeriod> {
      const game = await officialGame(actor.merchantId, body.gameCode);
      const problem = checkResult(game.family, body.result);
      if (problem) throw badRequest('VALIDATION_FAILED', problem, { result: problem });
      const found = await data.findPeriod(db, actor.merchantId, game.gameCode, body.numero);
      if (!found) throw notFound('This period does not exist');
      await db.transaction(async (tx) => {
        const period = await data.lockPeriod(tx, found.id, 'update');
        if (period.status === 'settled' || period.status === 'void' || (await data.hasEndedBets(tx, period.id)))
          throw conflict('LOTTERY_PERIOD_DONE', 'This period is settled or void already');
        if (!(await data.isClosedNow(tx, period.id)))
          throw conflict('LOTTERY_NOT_CLOSED', 'Betting on this period has not closed yet');
        const id = await data.insertEntry(tx, {
          merchantId: actor.merchantId,
          periodId: period.id,
          result: body.result,
          operatorId: actor.operatorId,
        });
        await audit?.(
          actor,
          'lottery.result.enter',
          `lottery_period:${period.id}`,
          { gameCode: game.gameCode, numero: period.numero, entryId: id, result: body.result },
          ip,
          tx,
        );
      });
      return deskPeriodOf(actor.merchantId, game, body.numero);
    },

    /**
     * A second operator confirms an entry: the period takes its result and settles in the same
     * transaction, once (the period lock, the statuses and the wallet's keys). The operator who
     * entered it cannot confirm it.
     */
    async confirmResult(actor: OperatorActor, body: { gameCode: string; numero: string; entryId: number }, ip: string) {
      const game = await officialGame(actor.merchantId, body.gameCode);
      const found = await data.findPeriod(db, actor.merchantId, game.gameCode, body.numero);
      if (!found) throw notFound('This period does not exist');
      const after = afterCommitQueue();
      const settled = await db.transaction(async (tx) => {
        const period = await data.lockPeriod(tx, found.id, 'update');
        if (period.status === 'settled' || period.status === 'void' || (await data.hasEndedBets(tx, period.id)))
          throw conflict('LOTTERY_PERIOD_DONE', 'This period is settled or void already');
        const entry = await data.lockEntry(tx, body.entryId, period.id);
        if (!entry) throw notFound('This entry does not exist');
        if (entry.status !== 'pending') throw conflict('LOTTERY_ENTRY_DONE', 'This entry is no longer pending');
        if (entry.enteredById === actor.operatorId)
          throw new AppError(
            'LOTTERY_SAME_OPERATOR',
            'A result is confirmed by a different operator than the one who entered it',
            403,
          );
        if (!(await data.confirmEntry(tx, entry.id, actor.operatorId)))
          throw conflict('LOTTERY_ENTRY_DONE', 'This entry is no longer pending');
        await data.setOfficialResult(tx, period.id, entry.result);
        await audit?.(
          actor,
          'lottery.result.confirm',
          `lottery_period:${period.id}`,
          { gameCode: game.gameCode, numero: period.numero, entryId: entry.id, result: entry.result },
          ip,
          tx,
        );
        const done = await settle(
          tx,
          { merchantId: actor.merchantId, gameCode: game.gameCode, numero: period.numero },
          after.add,
        );
        return done?.settled ?? 0;
      });
      await after.run();
      return { ...(await deskPeriodOf(actor.merchantId, game, body.numero)), settled };
    },

    /** Demo mode only: closes an official game's open period now, so a demo need not wait for the hour. */
    async demoClose(actor: OperatorActor, gameCode: string) {
      if (!demoMode) throw notFound('Not found');
      const game = await officialGame(actor.merchantId, gameCode);
      const [current] = await ensurePeriods(actor.merchantId, game, clock());
      const closed = await db.transaction(async (tx) => {
        await data.lockPeriod(tx, current!.id, 'update');
        return data.closeNow(tx, current!.id);
      });
      if (!closed) throw conflict('LOTTERY_CLOSED', 'Betting on this period has closed already');
      return { numero: current!.numero, closeAt: closed.closeAt.toISOString() };
    },

    /** GET /lgw/vn/games/game_menu: the Vietnamese games by region with their next draws. */
    async vnMenu(merchantId: number, prizeMode: string | undefined) {
      await ensureConfig(merchantId);
      const games = (await data.listGames(db, merchantId)).filter((g) => g.enabled && isVnFamily(g.family));
      const brandZone = await timeZoneOf(merchantId);
      const now = clock();
      const items = await Promise.all(
        games.map(async (g) => {
          const [current] = await ensurePeriods(merchantId, g, now);
          return {
            gameCode: g.gameCode,
            family: g.family,
            numero: current!.numero,
            drawAt: current!.drawAt.toISOString(),
            closeAt: current!.closeAt.toISOString(),
            timeZone: g.timeZone ?? brandZone,
          };
        }),
      );
      return {
        prizeMode: prizeMode ?? null,
        regions: VN_FAMILIES.map((family) => ({ family, games: items.filter((i) => i.family === family) })).filter(
          (r) => r.games.length > 0,
        ),
      };
    },

    /** GET /lgw/vn/games/game_menu/recent: each Vietnamese game's latest result sheet. */
    async vnRecent(merchantId: number) {
      await ensureConfig(merchantId);
      const games = (await data.listGames(db, merchantId)).filter((g) => g.enabled && isVnFamily(g.family));
      const now = clock();
      return {
        list: await Promise.all(
          games.map(async (g) => {
            const [last] = await data.recentPeriods(db, merchantId, g.gameCode, 1);
            return { gameCode: g.gameCode, family: g.family, period: last ? periodView(last, now) : null };
          }),
        ),
      };
    },

    /** Keeps every brand's games supplied with periods ahead (the schedule job, once a minute). */
    async scheduleAll(tx: Db, now: Date) {
      for (const merchantId of await data.merchantsWithGames(tx))
        for (const game of await data.listGames(tx, merchantId))
          if (game.enabled) await ensurePeriods(merchantId, game, now, tx);
    },

    async games(merchantId: number): Promise<{ list: LotteryGame[] }> {
      await ensureConfig(merchantId);
      const brandZone = await timeZoneOf(merchantId);
      return {
        list: (await data.listGames(db, merchantId)).filter((g) => g.enabled).map((g) => gameView(g, brandZone)),
      };
    },

    async state(merchantId: number, gameCode: string): Promise<LotteryGameState> {
      const game = await gameOf(merchantId, gameCode);
      const now = clock();
      const [current, next] = await ensurePeriods(merchantId, game, now);
      const [recent, prizes] = await Promise.all([
        data.recentPeriods(db, merchantId, gameCode, 10),
        prizesFor(merchantId, game),
      ]);
      return {
        game: gameView(game, await timeZoneOf(merchantId)),
        prizeGroup: game.prizeGroup,
        prizes: Object.fromEntries(Object.entries(prizes).map(([k, v]) => [k, String(v)])),
        minBet: String(game.minBet),
        maxBet: String(game.maxBet),
        maxPeriod: String(game.maxPeriod),
        maxExposure: String(game.maxExposure),
        current: periodView(current!, now),
        next: periodView(next!, now),
        recent: recent.map((p) => periodView(p, now)),
        serverTime: now.toISOString(),
      };
    },

    async results(merchantId: number, gameCode: string, limit: number) {
      await gameOf(merchantId, gameCode);
      const now = clock();
      return { list: (await data.recentPeriods(db, merchantId, gameCode, limit)).map((p) => periodView(p, now)) };
    },

    /** Placement batches sent and bets carried (decision 078), for the bench and the tests. */
    placementStats: placements.stats,

    async place(actor: MemberActor, body: LotteryPlaceBody): Promise<LotteryBet> {
      const { merchantId, memberId } = actor;
      let bet = await priced(merchantId, body, batching.inFlight === 0);
      if (batching.inFlight > 0) {
        const quick = await placements.submit({
          actor,
          bet: { ...bet, picks: body.picks, multiplier: body.multiplier },
          numero: body.numero,
        });
        if (quick) {
          await notifications.balanceChanged(memberId, 'lottery');
          return quick;
        }
        // Judged alone, with the game and its prizes as they are now (decision 112).
        bet = await priced(merchantId, body);
      }
      let period = await data.findPeriod(db, merchantId, bet.game.gameCode, body.numero);
      if (!period) {
        await ensurePeriods(merchantId, bet.game, clock());
        period = await data.findPeriod(db, merchantId, bet.game.gameCode, body.numero);
      }
      if (!period) throw notFound('This period does not exist');
      const periodId = period.id;
      const placed = await db.transaction((tx) =>
        placeIn(tx, actor, { ...bet, picks: body.picks, multiplier: body.multiplier }, periodId),
      );
      await notifications.balanceChanged(memberId, 'lottery');
      return betOf(placed);
    },

    /**
     * A chase: the same bet on `numero` (the open period) and the periods after it, `periods` in
     * all, each placed and debited now in one transaction (all or none). With `stopOnWin`, the
     * first win refunds the later periods' bets (settle → afterChaseBet).
     */
    async chase(actor: MemberActor, body: LotteryChaseBody) {
      const { merchantId, memberId } = actor;
      const bet = await priced(merchantId, body);
      const rows = await ensurePeriods(merchantId, bet.game, clock(), db, body.periods + 1);
      const first = rows.findIndex((r) => r.numero === body.numero);
      if (first < 0 || rows.length - first < body.periods)
        throw conflict('LOTTERY_CLOSED', 'A chase starts on the period open for betting now');
      const periods = rows.slice(first, first + body.periods);
      const result = await db.transaction(async (tx) => {
        const chaseId = await data.insertChase(tx, {
          merchantId,
          memberId,
          gameCode: bet.game.gameCode,
          periods: body.periods,
          stopOnWin: body.stopOnWin,
        });
        const ids: number[] = [];
        for (const [i, period] of periods.entries())
          ids.push(
            await placeIn(tx, actor, { ...bet, picks: body.picks, multiplier: body.multiplier }, period.id, {
              id: chaseId,
              ahead: i > 0,
            }),
          );
        return { chaseId, ids };
      });
      await notifications.balanceChanged(memberId, 'lottery');
      return { chaseId: result.chaseId, bets: await Promise.all(result.ids.map(betOf)) };
    },

    async cancel(actor: MemberActor, betId: number): Promise<LotteryBet> {
      const { merchantId, memberId } = actor;
      const found = await data.findBet(db, betId);
      if (!found || found.memberId !== memberId) throw notFound('Bet not found');
      await db.transaction(async (tx) => {
        // The period first, then the bet: the order the draw and a void take them in.
        await data.lockPeriod(tx, found.periodId, 'share');
        const bet = await data.lockBet(tx, betId);
        if (!bet || bet.status !== 'open') throw conflict('LOTTERY_BET_DONE', 'This bet is no longer open');
        if (!(await data.isOpenNow(tx, found.periodId)))
          throw conflict('LOTTERY_CLOSED', 'Betting on this period has closed');
        await refund(tx, merchantId, found, 'cancel');
      });
      await notifications.balanceChanged(memberId, 'lottery');
      return betOf(betId);
    },

    async bets(
      actor: MemberActor,
      q: { gameCode?: string | undefined; status: 'open' | 'done' | 'all'; page: number; pageSize: number },
    ) {
      const { rows, total } = await data.memberBets(
        db,
        actor.memberId,
        { gameCode: q.gameCode ?? null, status: q.status },
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      return {
        list: rows.map(betView),
        pageNum: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      };
    },

    /** The open period's exposure per number of a game, the largest first (the console's exposure view). */
    async exposure(actor: OperatorActor, gameCode: string) {
      const game = await gameOf(actor.merchantId, gameCode);
      const [current] = await ensurePeriods(actor.merchantId, game, clock());
      const list = await data.exposureOf(db, current!.id, 200);
      return {
        gameCode: game.gameCode,
        numero: current!.numero,
        closeAt: current!.closeAt.toISOString(),
        maxExposure: String(game.maxExposure),
        list: list.map((e) => ({ cell: e.cell, ...exposureCell(e.cell), amount: String(e.amount) })),
      };
    },

    /** Voids a period that is not settled: every open bet on it is refunded once; it will not be drawn. */
    async voidPeriod(actor: OperatorActor, gameCode: string, numero: string) {
      const merchantId = actor.merchantId;
      await gameOf(merchantId, gameCode);
      const found = await data.findPeriod(db, merchantId, gameCode, numero);
      if (!found) throw notFound('This period does not exist');
      const after = afterCommitQueue();
      const refunded = await db.transaction(async (tx) => {
        const done = await voidIn(tx, merchantId, found.id, after.add);
        if (done === null) throw conflict('LOTTERY_PERIOD_DONE', 'This period is settled or void already');
        return done;
      });
      await after.run();
      return { numero, refunded };
    },

    voidIn,

    /**
     * A member stops a chase: each of its bets still open on a period whose betting has not closed
     * (by the database's clock) is refunded once under `lottery:cancel:<bet>`, as the member's own
     * cancel would; a bet on a period that has closed stays for its draw. Locks in the draw's order:
     * the periods (ascending), then the chase, then each bet.
     */
    async cancelChase(actor: MemberActor, chaseId: number) {
      const { merchantId, memberId } = actor;
      const chase = await data.findChase(db, chaseId);
      if (!chase || chase.memberId !== memberId || chase.merchantId !== merchantId) throw notFound('Chase not found');
      const ids = await db.transaction(async (tx) => {
        const periods = await data.chasePeriodsNotClosed(tx, chaseId);
        for (const periodId of periods) await data.lockPeriod(tx, periodId, 'share');
        const locked = await data.lockChase(tx, chaseId);
        if (!locked || locked.status !== 'running')
          throw conflict('LOTTERY_CHASE_DONE', 'This chase has ended already');
        const refunded: number[] = [];
        for (const bet of await data.chaseBetsNotClosed(tx, chaseId))
          if (await refund(tx, merchantId, bet, 'cancel')) refunded.push(bet.id);
        if (!refunded.length) throw conflict('LOTTERY_CLOSED', 'Every remaining period of this chase has closed');
        await data.cancelChase(tx, chaseId);
        return refunded;
      });
      if (ids.length) await notifications.balanceChanged(memberId, 'lottery');
      return { chaseId, refunded: ids.length, bets: await Promise.all(ids.map(betOf)) };
    },
  };
};

export type LotteryService = ReturnType<typeof createLotteryService>;
