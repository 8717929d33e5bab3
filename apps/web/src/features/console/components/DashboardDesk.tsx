import type { DashboardDay, DashboardValue } from '@app/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendChart } from '../../../components/charts/index.ts';
import { Button, Input } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useDashboard } from '../api/backoffice.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskCard, DeskTable, Segment } from './parts.tsx';

type Period = 'today' | 'yesterday' | '7d' | '30d' | 'range';
const PERIODS: [Period, Parameters<ConsoleT>[0]][] = [
  ['today', 'bo_today'],
  ['yesterday', 'bo_yesterday'],
  ['7d', 'bo_7d'],
  ['30d', 'bo_30d'],
  ['range', 'bo_range'],
];
/** The desks the dashboard opens: a queue's, or the reports for the figures line by line. */
export type QueueDesk = 'deposits' | 'withdrawals' | 'cases' | 'reports';

type MoneyKey = 'ggr' | 'ngr' | 'bets' | 'wins' | 'bonuses' | 'deposits' | 'withdrawals' | 'salaries' | 'dividends';
type CountKey = 'depositCount' | 'withdrawalCount' | 'firstDeposits' | 'registrations' | 'activePlayers';

/** The change from the previous period, as a signed percentage ("+12%"), or nothing from zero. */
const change = (now: number, before: number) => {
  if (before === 0) return null;
  const p = Math.round(((now - before) / Math.abs(before)) * 100);
  return `${p > 0 ? '+' : ''}${p}%`;
};

/**
 * The business dashboard (issue 21, decision 069): a period of the brand's days with the period
 * before it for comparison, the headline figures, charts over time and by game type and vendor,
 * the top games, and the queues waiting on the other desks.
 */
export function DashboardDesk({ t, onOpenDesk }: { t: ConsoleT; onOpenDesk: (desk: QueueDesk) => void }) {
  const [period, setPeriod] = useState<Period>('7d');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const query = period === 'range' && range ? { period, ...range } : { period: period === 'range' ? '7d' : period };
  const q = useDashboard(query as Parameters<typeof useDashboard>[0]);
  return (
    <div className="console-stack dashboard" data-testid="dashboard-desk">
      <div className="console-filters">
        <Segment
          label={t('bo_period')}
          options={PERIODS.map(([value, label]) => ({ value, label: t(label) }))}
          value={period}
          onChange={setPeriod}
          testId={(value) => `dashboard-period-${value}`}
        />
        {period === 'range' ? (
          <form
            className="dashboard-range"
            onSubmit={(e) => {
              e.preventDefault();
              const f = new FormData(e.currentTarget);
              setRange({ from: String(f.get('from') ?? ''), to: String(f.get('to') ?? '') });
            }}
          >
            <Input name="from" type="date" label={t('bo_from')} defaultValue={range?.from ?? q.data?.from} required />
            <Input name="to" type="date" label={t('bo_to')} defaultValue={range?.to ?? q.data?.to} required />
            <Button type="submit" size="sm">
              {t('bo_show')}
            </Button>
          </form>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          className="dashboard-reports"
          onClick={() => onOpenDesk('reports')}
          data-testid="dashboard-open-reports"
        >
          {t('bo_open_reports')}
        </Button>
      </div>
      {q.error ? (
        <p className="field__error" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {!q.data && !q.error ? <p className="console-muted">{t('cs_loading')}</p> : null}
      {q.data ? <Figures t={t} v={q.data} busy={q.isFetching} onOpenDesk={onOpenDesk} /> : null}
    </div>
  );
}

function Figures({
  t,
  v,
  busy,
  onOpenDesk,
}: {
  t: ConsoleT;
  v: DashboardValue;
  busy: boolean;
  onOpenDesk: (desk: QueueDesk) => void;
}) {
  const money = useBrandMoney();
  const { i18n } = useTranslation();
  const showMoney = (minor: number) => formatMoney(String(Math.round(minor)), money);
  const showCount = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const dayLabel = useMemo(() => {
    const f = new Intl.DateTimeFormat(i18n.language, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
    return (day: string) => f.format(new Date(`${day}T00:00:00Z`));
  }, [i18n.language]);
  const labels = useMemo(() => v.days.map((d) => dayLabel(d.day)), [v, dayLabel]);
  const series = (key: MoneyKey | CountKey, from: DashboardDay[]) => from.map((d) => Number(d[key]));
  const previous = t('bo_previous');
  const chartKind = v.days.length < 3 ? 'bar' : 'line';

  const charts = {
    revenue: [
      { label: t('bo_ggr'), values: series('ggr', v.days) },
      { label: t('bo_ngr'), values: series('ngr', v.days) },
      { label: `${t('bo_ggr')} · ${previous}`, values: series('ggr', v.previousDays), comparison: true },
    ],
    money: [
      { label: t('bo_deposits'), values: series('deposits', v.days) },
      { label: t('bo_withdrawals'), values: series('withdrawals', v.days) },
      { label: t('bo_bonuses'), values: series('bonuses', v.days) },
    ],
    players: [
      { label: t('bo_active'), values: series('activePlayers', v.days) },
      { label: t('bo_registrations'), values: series('registrations', v.days) },
      { label: `${t('bo_active')} · ${previous}`, values: series('activePlayers', v.previousDays), comparison: true },
    ],
    turnover: [
      { label: t('bo_bets'), values: series('bets', v.days) },
      { label: `${t('bo_bets')} · ${previous}`, values: series('bets', v.previousDays), comparison: true },
    ],
    gameTypes: [{ label: t('bo_turnover'), values: v.byGameType.map((s) => Number(s.turnover)) }],
    vendors: [{ label: t('bo_turnover'), values: v.byVendor.map((s) => Number(s.turnover)) }],
  };

  const tile = (label: Parameters<ConsoleT>[0], key: MoneyKey | CountKey, isMoney: boolean, sub?: string) => {
    const now = Number(v.totals[key]);
    const before = Number(v.previousTotals[key]);
    const delta = change(now, before);
    return (
      <div className="dashboard-tile" data-testid={`dashboard-${key}`} key={key}>
        <span className="dashboard-tile__label">{t(label)}</span>
        <strong
          className="dashboard-tile__value"
          data-value={v.totals[key]}
          title={isMoney ? showMoney(now) : showCount(now)}
        >
          {isMoney ? showMoney(now) : showCount(now)}
        </strong>
        {sub ? <span className="dashboard-tile__sub">{sub}</span> : null}
        <span className="dashboard-tile__prev">
          {previous}: {isMoney ? showMoney(before) : showCount(before)}
          {delta ? (
            <span className={`dashboard-delta dashboard-delta--${now >= before ? 'up' : 'down'}`}> {delta}</span>
          ) : null}
        </span>
      </div>
    );
  };

  return (
    <>
      <p className="console-muted" data-testid="dashboard-range">
        {t('bo_showing', {
          from: dayLabel(v.from),
          to: dayLabel(v.to),
          pfrom: dayLabel(v.previousFrom),
          pto: dayLabel(v.previousTo),
          tz: v.timezone,
        })}
      </p>
      <div className="dashboard-tiles" aria-busy={busy || undefined}>
        {tile('bo_ggr', 'ggr', true)}
        {tile('bo_ngr', 'ngr', true)}
        {tile('bo_bets', 'bets', true)}
        {tile('bo_wins', 'wins', true)}
        {tile('bo_bonuses', 'bonuses', true)}
        {tile(
          'bo_deposits',
          'deposits',
          true,
          t('bo_deposit_sub', { count: v.totals.depositCount, ftd: v.totals.firstDeposits }),
        )}
        {tile('bo_withdrawals', 'withdrawals', true, t('bo_withdrawal_sub', { count: v.totals.withdrawalCount }))}
        {tile('bo_registrations', 'registrations', false)}
        {tile('bo_active', 'activePlayers', false)}
        {tile('bo_ftd', 'firstDeposits', false)}
        {tile('bo_salaries', 'salaries', true)}
        {tile('bo_dividends', 'dividends', true)}
      </div>

      <DeskCard id="dashboard-queues" title={t('bo_queues')} testId="dashboard-queues">
        <div className="dashboard-queues">
          {(
            [
              ['deposits', 'bo_queue_deposits', v.pending.deposits],
              ['withdrawals', 'bo_queue_withdrawals', v.pending.withdrawals],
              ['cases', 'bo_queue_cases', v.pending.cases],
            ] as const
          ).map(([desk, label, n]) => (
            <Button
              key={desk}
              variant={n ? 'primary' : 'secondary'}
              onClick={() => onOpenDesk(desk)}
              data-testid={`dashboard-queue-${desk}`}
            >
              {t(label, { count: n })}
            </Button>
          ))}
        </div>
      </DeskCard>

      <div className="dashboard-charts">
        <DeskCard id="dashboard-revenue" title={t('bo_chart_revenue')}>
          <TrendChart
            kind={chartKind}
            title={t('bo_chart_revenue')}
            labels={labels}
            series={charts.revenue}
            format={showMoney}
            minScale={10_000}
            testId="chart-revenue"
          />
        </DeskCard>
        <DeskCard id="dashboard-turnover" title={t('bo_chart_turnover')}>
          <TrendChart
            kind={chartKind}
            title={t('bo_chart_turnover')}
            labels={labels}
            series={charts.turnover}
            format={showMoney}
            minScale={10_000}
            testId="chart-turnover"
          />
        </DeskCard>
        <DeskCard id="dashboard-money" title={t('bo_chart_money')}>
          <TrendChart
            kind="bar"
            title={t('bo_chart_money')}
            labels={labels}
            series={charts.money}
            format={showMoney}
            minScale={10_000}
            testId="chart-money"
          />
        </DeskCard>
        <DeskCard id="dashboard-players" title={t('bo_chart_players')}>
          <TrendChart
            kind={chartKind}
            title={t('bo_chart_players')}
            labels={labels}
            series={charts.players}
            format={showCount}
            minScale={5}
            testId="chart-players"
          />
        </DeskCard>
        <DeskCard id="dashboard-game-types" title={t('bo_by_game_type')}>
          {v.byGameType.length ? (
            <TrendChart
              kind="bar"
              title={t('bo_by_game_type')}
              labels={v.byGameType.map((s) => s.key)}
              series={charts.gameTypes}
              format={showMoney}
              minScale={10_000}
              testId="chart-game-types"
            />
          ) : (
            <p className="console-empty">{t('bo_no_play')}</p>
          )}
        </DeskCard>
        <DeskCard id="dashboard-vendors" title={t('bo_by_vendor')}>
          {v.byVendor.length ? (
            <TrendChart
              kind="bar"
              title={t('bo_by_vendor')}
              labels={v.byVendor.map((s) => s.key)}
              series={charts.vendors}
              format={showMoney}
              minScale={10_000}
              testId="chart-vendors"
            />
          ) : (
            <p className="console-empty">{t('bo_no_play')}</p>
          )}
        </DeskCard>
      </div>

      <DeskCard id="dashboard-top-games" title={t('bo_top_games')}>
        <DeskTable
          testId="dashboard-top-games"
          caption={t('bo_top_games')}
          columns={[
            { label: t('bo_game'), wide: true },
            { label: t('bo_vendor') },
            { label: t('bo_rounds'), numeric: true },
            { label: t('bo_turnover'), numeric: true },
            { label: t('bo_ggr'), numeric: true },
          ]}
          empty={!v.topGames.length}
          emptyText={t('bo_no_play')}
          compact
          t={t}
        >
          {v.topGames.map((g) => (
            <tr key={g.key}>
              <td>
                <code>{g.key}</code> <span className="console-muted">{g.gameType}</span>
              </td>
              <td>{g.vendor}</td>
              <td className="console-num">{showCount(g.rounds)}</td>
              <td className="console-num">{showMoney(Number(g.turnover))}</td>
              <td className="console-num">{showMoney(Number(g.ggr))}</td>
            </tr>
          ))}
        </DeskTable>
      </DeskCard>
    </>
  );
}
