import type { RoundDetail, RoundSummary } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import * as data from './data.ts';

/**
 * The member's bet history (personalHistoryCopy): every round a vendor played with their money,
 * newest first, filtered by date (in the brand's time zone), game type and vendor; a round opens
 * with the outcome the vendor described and every transaction it booked.
 */
const summary = (r: Record<string, unknown>): RoundSummary => {
  const bet = data.big(r.bet_total);
  const win = data.big(r.win_total);
  const refund = data.big(r.refund_total);
  return {
    id: data.num(r.id),
    roundId: r.round_id as string,
    vassalage: r.vassalage as string,
    gameCode: r.game_code as string,
    gameName: (r.game_name as string) ?? (r.game_code as string),
    gameType: r.game_type as string,
    status: r.status as RoundSummary['status'],
    bet: String(bet),
    win: String(win),
    refund: String(refund),
    profit: String(win + refund - bet),
    balanceBefore: r.balance_before === null || r.balance_before === undefined ? null : String(r.balance_before),
    balanceAfter: r.balance_after === null || r.balance_after === undefined ? null : String(r.balance_after),
    currency: r.currency as string,
    startedAt: data.date(r.started_at).toISOString(),
    endedAt: r.ended_at ? data.date(r.ended_at).toISOString() : null,
  };
};

/** Midnight of a yyyy-MM-dd day in a time zone, as an instant. */
export const startOfDay = (day: string, timeZone: string): Date => {
  const utc = new Date(`${day}T00:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(utc);
  const offset = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(offset);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
  return new Date(utc.getTime() - minutes * 60_000);
};

export class History {
  constructor(private readonly db: Db) {}

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
    ctx: { timeZone: string; language: string },
  ) {
    const f: data.HistoryFilter = {
      memberId,
      from: q.from ? startOfDay(q.from, ctx.timeZone) : null,
      to: q.to ? new Date(startOfDay(q.to, ctx.timeZone).getTime() + 86_400_000) : null,
      gameType: q.gameType && q.gameType !== 'ALL' ? q.gameType : null,
      vassalage: q.vassalage && q.vassalage !== 'ALL' ? q.vassalage : null,
    };
    const [rows, totals] = await Promise.all([
      data.historyPage(this.db, f, ctx.language, q.pageSize, (q.pageNo - 1) * q.pageSize),
      data.historyTotals(this.db, f),
    ]);
    const count = data.num(totals?.n ?? 0);
    const bet = data.big(totals?.bet);
    const win = data.big(totals?.win);
    const refund = data.big(totals?.refund);
    return {
      list: rows.map(summary),
      pageNum: q.pageNo,
      totalPages: Math.max(1, Math.ceil(count / q.pageSize)),
      totalCount: count,
      totals: { bet: String(bet - refund), win: String(win), profit: String(win + refund - bet) },
    };
  }

  /** The demo players and how many rounds each has (demo-play.ts plays only for a fresh demo). */
  async demoPlayers(merchantId: number, usernames: string[]) {
    const rows = await data.demoPlayers(this.db, merchantId, usernames);
    return rows.map((r) => ({ id: data.num(r.id), username: r.username as string, rounds: data.num(r.rounds) }));
  }

  async round(memberId: number, id: number, language: string): Promise<RoundDetail> {
    const r = await data.historyRound(this.db, memberId, id, language);
    if (!r) throw notFound('Round not found');
    const txs = await data.roundTransactions(this.db, r.provider as string, r.round_id as string);
    return {
      ...summary(r),
      detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) ?? null,
      transactions: txs.map((t) => ({
        transactionId: t.transaction_id as string,
        kind: t.kind as string,
        amount: String(t.amount),
        createdAt: data.date(t.created_at).toISOString(),
      })),
    };
  }
}
