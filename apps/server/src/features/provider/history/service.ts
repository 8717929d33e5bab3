import type { RoundDetail, RoundSummary } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import * as data from './data.ts';

/**
 * The member's bet history (personalHistoryCopy): every round a vendor played with their money,
 * newest first, filtered by date (in the brand's time zone), game type and vendor; a round opens
 * with the outcome the vendor described and every transaction it booked.
 */
const summary = (r: data.RoundRow): RoundSummary => ({
  id: r.id,
  roundId: r.roundId,
  vassalage: r.vassalage,
  gameCode: r.gameCode,
  gameName: r.gameName,
  gameType: r.gameType,
  status: r.status as RoundSummary['status'],
  bet: String(r.betTotal),
  win: String(r.winTotal),
  refund: String(r.refundTotal),
  profit: String(r.winTotal + r.refundTotal - r.betTotal),
  balanceBefore: r.balanceBefore === null ? null : String(r.balanceBefore),
  balanceAfter: r.balanceAfter === null ? null : String(r.balanceAfter),
  currency: r.currency,
  startedAt: r.startedAt.toISOString(),
  endedAt: r.endedAt ? r.endedAt.toISOString() : null,
});

/** Midnight of a yyyy-MM-dd day in a time zone, as an instant. */
export const startOfDay = (day: string, timeZone: string): Date => {
  const utc = new Date(`${day}T00:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(utc);
  const offset = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(offset);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
  return new Date(utc.getTime() - minutes * 60_000);
};

/** The member's rounds and their transactions, and the demo players' rounds. */
export const createGameHistory = ({ db }: { db: Db }) => ({
  async page(
    memberId: number,
    q: {
      from?: string | undefined;
      to?: string | undefined;
      gameType?: string | undefined;
      vassalage?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
    locale: { timeZone: string; language: string },
  ) {
    const f: data.HistoryFilter = {
      memberId,
      from: q.from ? startOfDay(q.from, locale.timeZone) : null,
      to: q.to ? new Date(startOfDay(q.to, locale.timeZone).getTime() + 86_400_000) : null,
      gameType: q.gameType && q.gameType !== 'ALL' ? q.gameType : null,
      vassalage: q.vassalage && q.vassalage !== 'ALL' ? q.vassalage : null,
    };
    const [rows, totals] = await Promise.all([
      data.historyPage(db, f, locale.language, q.pageSize, (q.pageNo - 1) * q.pageSize),
      data.historyTotals(db, f),
    ]);
    const { n: count, bet, win, refund } = totals;
    return {
      list: rows.map(summary),
      pageNum: q.pageNo,
      totalPages: Math.max(1, Math.ceil(count / q.pageSize)),
      totalCount: count,
      totals: { bet: String(bet - refund), win: String(win), profit: String(win + refund - bet) },
    };
  },

  /**
   * The rounds of games the platform runs itself (the house lottery): written in the caller's
   * transaction, so bet history, profit and agents' team figures read them like any vendor's.
   */
  openHouseRound: (tx: Db, r: data.HouseRoundInput) => data.openHouseRound(tx, r),
  endHouseRound: (tx: Db, r: Parameters<typeof data.endHouseRound>[1]) => data.endHouseRound(tx, r),
  closeHouseRounds: (tx: Db, provider: string, closed: Parameters<typeof data.closeHouseRounds>[2]) =>
    data.closeHouseRounds(tx, provider, closed),

  /** The demo players and how many rounds each has (demo-play.ts plays only for a fresh demo). */
  demoPlayers(merchantId: number, usernames: string[]) {
    return data.demoPlayers(db, merchantId, usernames);
  },

  async round(memberId: number, id: number, language: string): Promise<RoundDetail> {
    const r = await data.historyRound(db, memberId, id, language);
    if (!r) throw notFound('Round not found');
    const txs = await data.roundTransactions(db, r.provider, r.roundId);
    return {
      ...summary(r),
      detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) ?? null,
      transactions: txs.map((t) => ({
        transactionId: t.transactionId,
        kind: t.kind,
        amount: String(t.amount),
        createdAt: t.createdAt.toISOString(),
      })),
    };
  },
});

export type GameHistory = ReturnType<typeof createGameHistory>;
