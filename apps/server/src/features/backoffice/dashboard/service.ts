import { DASHBOARD_MAX_DAYS, type DashboardDay, type DashboardValue } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { MerchantService } from '../../merchant/service.ts';
import type { WalletReports } from '../../wallet/reports/service.ts';
import * as data from './data.ts';
import { addDays, checkRange, daysBetween, localToday, periodDays, type DashboardQuery } from './period.ts';

export interface DashboardDeps {
  db: Db;
  merchants: Pick<MerchantService, 'brand'>;
  walletReports: Pick<WalletReports, 'moneyDays'>;
}

type MoneyRow = Omit<Awaited<ReturnType<WalletReports['moneyDays']>>[number], 'day' | 'periodActive' | 'atCursor'>;

/**
 * The money figures of each day of a range and of the whole range (active players distinct over
 * it), from the daily roll-up through the wallet's reports (decision 088).
 */
export const moneyOfRange = async (
  walletReports: Pick<WalletReports, 'moneyDays'>,
  q: data.Period & { leaveOut: readonly number[] },
) => {
  const rows = await walletReports.moneyDays(q);
  const days = rows.filter((r) => r.day !== 'total');
  const sum = <K extends keyof MoneyRow>(k: K) => days.reduce((n, d) => n + (d[k] as bigint), 0n);
  const count = <K extends keyof MoneyRow>(k: K) => days.reduce((n, d) => n + (d[k] as number), 0);
  const total: MoneyRow = {
    houseNet: sum('houseNet'),
    bets: sum('bets'),
    rollbacks: sum('rollbacks'),
    deposits: sum('deposits'),
    depositCount: count('depositCount'),
    withdrawals: sum('withdrawals'),
    withdrawalCount: count('withdrawalCount'),
    bonuses: sum('bonuses'),
    salaries: sum('salaries'),
    dividends: sum('dividends'),
    activePlayers: rows.at(-1)?.periodActive ?? 0,
  };
  return { byDay: new Map(days.map((d) => [d.day, d])), total };
};

const emptyDay = (day: string): DashboardDay => ({
  day,
  bets: '0',
  wins: '0',
  ggr: '0',
  bonuses: '0',
  ngr: '0',
  deposits: '0',
  depositCount: 0,
  firstDeposits: 0,
  withdrawals: '0',
  withdrawalCount: 0,
  registrations: 0,
  activePlayers: 0,
  salaries: '0',
  dividends: '0',
});

/** One day's (or a period's) figures from its money row and its counts. */
const dayOf = (day: string, m: MoneyRow | undefined, registrations: number, firstDeposits: number): DashboardDay => {
  if (!m) return { ...emptyDay(day), registrations, firstDeposits };
  const bets = m.bets - m.rollbacks;
  const ggr = m.houseNet;
  return {
    day,
    bets: String(bets),
    wins: String(bets - ggr),
    ggr: String(ggr),
    bonuses: String(m.bonuses),
    ngr: String(ggr - m.bonuses),
    deposits: String(m.deposits),
    depositCount: m.depositCount,
    firstDeposits,
    withdrawals: String(m.withdrawals),
    withdrawalCount: m.withdrawalCount,
    registrations,
    activePlayers: m.activePlayers,
    salaries: String(m.salaries),
    dividends: String(m.dividends),
  };
};

/**
 * The business dashboard (issue 21, decision 069): a period of local days in the brand's time zone
 * and the period of the same length before it, each as totals and day by day. Money comes from the
 * ledger's postings (through the wallet's reports), play from the rounds, both through the daily
 * roll-up for the days it holds and live for the rest (decision 088).
 */
export const createDashboardService = ({ db, merchants, walletReports }: DashboardDeps) => {
  const figures = async (q: data.Period, leaveOut: readonly number[]) => {
    const [{ byDay, total }, registrations, firstDeposits] = await Promise.all([
      moneyOfRange(walletReports, { ...q, leaveOut }),
      data.registrationsByDay(db, q),
      data.firstDepositsByDay(db, q),
    ]);
    const regs = new Map(registrations.map((r) => [r.day, r.n]));
    const ftds = new Map(firstDeposits.map((r) => [r.day, r.n]));
    const days = periodDays(q.from, q.to).map((d) => dayOf(d, byDay.get(d), regs.get(d) ?? 0, ftds.get(d) ?? 0));
    const sum = (f: (d: DashboardDay) => number) => days.reduce((n, d) => n + f(d), 0);
    const totals = dayOf(
      q.from,
      total,
      sum((d) => d.registrations),
      sum((d) => d.firstDeposits),
    );
    return { days, totals };
  };

  return {
    async dashboard(merchantId: number, query: DashboardQuery): Promise<DashboardValue> {
      const brand = await merchants.brand(merchantId);
      const timezone = brand.merchant.timezone;
      const today = localToday(timezone);
      let from: string;
      let to: string;
      switch (query.period) {
        case 'today':
          from = to = today;
          break;
        case 'yesterday':
          from = to = addDays(today, -1);
          break;
        case '7d':
          from = addDays(today, -6);
          to = today;
          break;
        case '30d':
          from = addDays(today, -29);
          to = today;
          break;
        case 'range':
          if (!query.from || !query.to) {
            throw new AppError('VALIDATION_FAILED', 'Give the first and the last day of the range', 400, null, {
              ...(query.from ? {} : { from: 'Give the first day' }),
              ...(query.to ? {} : { to: 'Give the last day' }),
            });
          }
          from = query.from;
          to = query.to;
          checkRange(from, to, DASHBOARD_MAX_DAYS);
          break;
      }
      const length = daysBetween(from, to) + 1;
      const previousTo = addDays(from, -1);
      const previousFrom = addDays(from, -length);
      const period = { merchantId, timezone, from, to };
      const leaveOut = await data.testAccountIds(db, merchantId);
      const [current, previous, { byGameType, byVendor, topGames }, pending] = await Promise.all([
        figures(period, leaveOut),
        figures({ ...period, from: previousFrom, to: previousTo }, leaveOut),
        data.playSlices(db, { ...period, leaveOut, sliceLimit: 50, topLimit: 10 }),
        data.pendingQueues(db, merchantId),
      ]);
      const slice = (s: Omit<data.SliceRow, 'key'> & { key: string }, game: boolean) => ({
        key: s.key,
        ...(game ? { vendor: s.vendor, gameType: s.gameType } : {}),
        rounds: s.rounds,
        turnover: String(s.turnover),
        ggr: String(s.ggr),
      });
      return {
        timezone,
        currency: brand.merchant.currency,
        from,
        to,
        previousFrom,
        previousTo,
        totals: current.totals,
        previousTotals: previous.totals,
        days: current.days,
        previousDays: previous.days,
        byGameType: byGameType.map((s) => slice(s, false)),
        byVendor: byVendor.map((s) => slice(s, false)),
        topGames: topGames.map((s) => slice(s, true)),
        pending,
      };
    },
  };
};

export type DashboardService = ReturnType<typeof createDashboardService>;
