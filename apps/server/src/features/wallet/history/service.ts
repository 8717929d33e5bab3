import { MAX_WALLET_RANGE_DAYS, TX_KINDS_BY_TYPE, txTypeOfKind, type TxType } from '@app/contract';
import type { AppContext } from '../../../context.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import * as data from './data.ts';

const ALL_KNOWN_KINDS = Object.values(TX_KINDS_BY_TYPE).flat();

/** Today in a time zone, as yyyy-MM-dd. */
export const localDay = (timezone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** A from/to pair of local days (defaults: the last `defaultDays` days), checked and bounded. */
export const dayRange = (
  q: { from?: string | undefined; to?: string | undefined },
  timezone: string,
  defaultDays = 7,
) => {
  const to = q.to ?? localDay(timezone);
  const from = q.from ?? addDays(to, -(defaultDays - 1));
  if (Number.isNaN(Date.parse(`${from}T00:00:00Z`)) || Number.isNaN(Date.parse(`${to}T00:00:00Z`))) {
    throw new AppError('VALIDATION_FAILED', 'Use real dates', 400, null, { from: 'Use a date as yyyy-MM-dd' });
  }
  if (from > to)
    throw new AppError('VALIDATION_FAILED', 'The start is after the end', 400, null, {
      from: 'The start is after the end',
    });
  if (daysBetween(from, to) >= MAX_WALLET_RANGE_DAYS) {
    const message = `Choose at most ${MAX_WALLET_RANGE_DAYS} days`;
    throw new AppError('VALIDATION_FAILED', message, 400, null, { to: message });
  }
  return { from, to };
};

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

const rowView = (r: data.HistoryRow) => ({
  id: Number(r.id),
  transactionId: Number(r.transaction_id),
  type: txTypeOfKind(r.kind),
  kind: r.kind,
  amount: r.amount,
  balanceAfter: r.balance_after,
  createdAt: iso(r.created_at),
  reference: r.reference,
  gameType: r.game_type,
});

/** transactionHistory, member transaction detail and personalProfit (spec §2, §7). */
export class WalletHistory {
  constructor(private readonly ctx: AppContext) {}

  private async scope(merchantId: number, memberId: number) {
    const [wallet, brand] = await Promise.all([
      this.ctx.wallet.walletOf(merchantId, memberId),
      this.ctx.merchants.brand(merchantId),
    ]);
    return { accountId: wallet.accountId, timezone: brand.merchant.timezone };
  }

  async transactions(
    merchantId: number,
    memberId: number,
    q: { type: 'ALL' | TxType; from?: string | undefined; to?: string | undefined; page: number; pageSize: number },
  ) {
    const { accountId, timezone } = await this.scope(merchantId, memberId);
    const range = dayRange(q, timezone);
    const kinds = q.type === 'ALL' ? null : q.type === 'other' ? ALL_KNOWN_KINDS : TX_KINDS_BY_TYPE[q.type];
    const { rows, total } = await data.history(this.ctx.db, {
      accountId,
      kinds,
      exclude: q.type === 'other',
      start: range.from,
      end: range.to,
      timezone,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return {
      list: rows.map(rowView),
      pageNum: q.page,
      pageSize: q.pageSize,
      total,
      totalPages: Math.ceil(total / q.pageSize),
    };
  }

  async transaction(merchantId: number, memberId: number, transactionId: number) {
    const { accountId } = await this.scope(merchantId, memberId);
    const r = await data.detail(this.ctx.db, accountId, transactionId);
    if (!r) throw notFound('No such transaction');
    const meta = (typeof r.meta === 'string' ? JSON.parse(r.meta) : r.meta) as Record<string, unknown>;
    const note = [meta.reason, meta.remark, meta.note].find((v) => typeof v === 'string' && v) as string | undefined;
    return {
      ...rowView(r),
      gameRef: r.game_ref,
      counterparty: r.counterparty,
      note: note ?? null,
      rolledBack: r.rolled_back === true,
    };
  }

  async profit(merchantId: number, memberId: number, q: { from?: string | undefined; to?: string | undefined }) {
    const { accountId, timezone } = await this.scope(merchantId, memberId);
    const range = dayRange(q, timezone);
    const rows = await data.profit(this.ctx.db, {
      accountId,
      start: range.from,
      end: range.to,
      timezone,
      kinds: [
        ...TX_KINDS_BY_TYPE.deposit,
        ...TX_KINDS_BY_TYPE.withdrawal,
        'bet',
        'win',
        'rollback',
        ...TX_KINDS_BY_TYPE.bonus,
      ],
    });
    type Fig = { deposits: bigint; withdrawals: bigint; bets: bigint; wins: bigint; bonuses: bigint };
    const zero = (): Fig => ({ deposits: 0n, withdrawals: 0n, bets: 0n, wins: 0n, bonuses: 0n });
    const days = new Map<string, Fig>();
    const games = new Map<string, Fig>();
    const totals = zero();
    for (const r of rows) {
      const amount = BigInt(r.amount);
      const fig: Partial<Fig> = {};
      const type = txTypeOfKind(r.kind);
      if (type === 'deposit') fig.deposits = amount;
      else if (type === 'withdrawal') fig.withdrawals = -amount;
      else if (type === 'bet' || type === 'rollback') fig.bets = -amount;
      else if (type === 'win') fig.wins = amount;
      else if (type === 'bonus') fig.bonuses = amount;
      const targets = [days.get(r.day) ?? days.set(r.day, zero()).get(r.day)!, totals];
      if (r.game_type && (type === 'bet' || type === 'rollback' || type === 'win')) {
        targets.push(games.get(r.game_type) ?? games.set(r.game_type, zero()).get(r.game_type)!);
      }
      for (const t of targets) for (const [k, v] of Object.entries(fig) as [keyof Fig, bigint][]) t[k] += v;
    }
    const play = (f: Fig) => ({
      bets: String(f.bets),
      wins: String(f.wins),
      bonuses: String(f.bonuses),
      net: String(f.wins + f.bonuses - f.bets),
    });
    const money = (f: Fig) => ({ deposits: String(f.deposits), withdrawals: String(f.withdrawals), ...play(f) });
    return {
      from: range.from,
      to: range.to,
      timezone,
      days: [...days.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([day, f]) => ({ day, ...money(f) })),
      gameTypes: [...games.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([gameType, f]) => ({ gameType, ...play(f) })),
      totals: money(totals),
    };
  }
}
