import { MAX_WALLET_RANGE_DAYS, TX_KINDS_BY_TYPE, txTypeOfKind, type TxType } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import type { MerchantService } from '../../merchant/service.ts';
import type { WalletService } from '../service.ts';
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

const rowView = (r: data.HistoryRow) => ({
  id: r.id,
  transactionId: r.transactionId,
  type: txTypeOfKind(r.kind),
  kind: r.kind,
  amount: String(r.amount),
  balanceAfter: String(r.balanceAfter),
  createdAt: r.createdAt.toISOString(),
  reference: r.reference,
  gameType: r.gameType,
});

export interface WalletHistoryDeps {
  db: Db;
  wallet: Pick<WalletService, 'walletOf'>;
  merchants: Pick<MerchantService, 'brand'>;
}

/** transactionHistory, member transaction detail and personalProfit (spec §2, §7). */
export const createWalletHistory = ({ db, wallet, merchants }: WalletHistoryDeps) => {
  const scope = async (merchantId: number, memberId: number) => {
    const [account, brand] = await Promise.all([wallet.walletOf(merchantId, memberId), merchants.brand(merchantId)]);
    return { accountId: account.accountId, timezone: brand.merchant.timezone };
  };

  return {
    async transactions(
      merchantId: number,
      memberId: number,
      q: { type: 'ALL' | TxType; from?: string | undefined; to?: string | undefined; page: number; pageSize: number },
    ) {
      const { accountId, timezone } = await scope(merchantId, memberId);
      const range = dayRange(q, timezone);
      const kinds = q.type === 'ALL' ? null : q.type === 'other' ? ALL_KNOWN_KINDS : TX_KINDS_BY_TYPE[q.type];
      const { rows, total } = await data.history(db, {
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
    },

    async transaction(merchantId: number, memberId: number, transactionId: number) {
      const { accountId } = await scope(merchantId, memberId);
      const r = await data.detail(db, accountId, transactionId);
      if (!r) throw notFound('No such transaction');
      const note = [r.meta.reason, r.meta.remark, r.meta.note].find((v) => typeof v === 'string' && v) as
        string | undefined;
      return {
        ...rowView(r),
        gameRef: r.gameRef,
        counterparty: r.counterparty,
        note: note ?? null,
        rolledBack: r.rolledBack,
      };
    },

    async profit(merchantId: number, memberId: number, q: { from?: string | undefined; to?: string | undefined }) {
      const { accountId, timezone } = await scope(merchantId, memberId);
      const range = dayRange(q, timezone);
      const rows = await data.profit(db, {
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
        const amount = r.amount;
        const fig: Partial<Fig> = {};
        const type = txTypeOfKind(r.kind);
        if (type === 'deposit') fig.deposits = amount;
        else if (type === 'withdrawal') fig.withdrawals = -amount;
        else if (type === 'bet' || type === 'rollback') fig.bets = -amount;
        else if (type === 'win') fig.wins = amount;
        else if (type === 'bonus') fig.bonuses = amount;
        const targets = [days.get(r.day) ?? days.set(r.day, zero()).get(r.day)!, totals];
        if (r.gameType && (type === 'bet' || type === 'rollback' || type === 'win')) {
          targets.push(games.get(r.gameType) ?? games.set(r.gameType, zero()).get(r.gameType)!);
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
    },
  };
};

export type WalletHistory = ReturnType<typeof createWalletHistory>;
