import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendChart } from '../../../components/charts/index.ts';
import { EmptyState } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useProfit } from '../api/profit.ts';
import { useWalletText } from '../hooks/useWalletText.ts';
import { DateRange, presetRange, type Range } from './DateRange.tsx';
import { Card, ErrorNote, Loading, Money, Stat } from './parts.tsx';
import './wallet.css';

/** personalProfit (spec §2): deposits, withdrawals, bets, wins, bonuses and net, per day and game type. */
export function PersonalProfitPage() {
  const { t, ready } = useWalletText();
  const { timezone } = useWhitelabel();
  const [range, setRange] = useState<Range>(() => presetRange('week', timezone));
  const q = useProfit(range);
  const money = useBrandMoney();
  const { i18n } = useTranslation();
  if (!ready) return <Loading t={t} />;
  const showMoney = (minor: number) => formatMoney(String(Math.round(minor)), money);
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const net = q.data ? BigInt(q.data.totals.net) : 0n;
  return (
    <div className="wallet-page" data-testid="profit-page">
      <Card>
        <DateRange value={range} onChange={setRange} timeZone={timezone} t={t} />
      </Card>
      {q.isPending ? (
        <Loading t={t} />
      ) : q.isError ? (
        <ErrorNote message={q.error.message} onRetry={() => void q.refetch()} t={t} />
      ) : (
        <>
          <Card title={t('wl_totals')} icon="chart" testId="profit-totals">
            <div className="wallet-stats wallet-stats--grid">
              <Stat label={t('wl_deposits')}>
                <Money minor={q.data.totals.deposits} />
              </Stat>
              <Stat label={t('wl_withdrawals')}>
                <Money minor={q.data.totals.withdrawals} />
              </Stat>
              <Stat label={t('wl_bets')}>
                <Money minor={q.data.totals.bets} />
              </Stat>
              <Stat label={t('wl_wins')}>
                <Money minor={q.data.totals.wins} />
              </Stat>
              <Stat label={t('wl_bonuses')}>
                <Money minor={q.data.totals.bonuses} />
              </Stat>
              <Stat label={t('wl_net')} tone={net > 0n ? 'good' : net < 0n ? 'bad' : undefined}>
                <Money minor={q.data.totals.net} signed testId="profit-net" />
              </Stat>
            </div>
          </Card>
          {q.data.days.length ? (
            <Card title={t('wl_chart_net')} icon="chart" testId="profit-chart-card">
              <TrendChart
                kind="bar"
                title={t('wl_chart_net')}
                labels={q.data.days.map((d) => dayLabel(d.day))}
                series={[{ label: t('wl_net'), values: q.data.days.map((d) => Number(d.net)) }]}
                format={showMoney}
                minScale={1_000}
                testId="profit-chart-net"
              />
            </Card>
          ) : null}
          {q.data.gameTypes.length ? (
            <Card title={t('wl_chart_turnover')} icon="gamepad">
              <TrendChart
                kind="bar"
                title={t('wl_chart_turnover')}
                labels={q.data.gameTypes.map((g) => g.gameType)}
                series={[
                  { label: t('wl_bets'), values: q.data.gameTypes.map((g) => Number(g.bets)) },
                  { label: t('wl_wins'), values: q.data.gameTypes.map((g) => Number(g.wins)) },
                ]}
                format={showMoney}
                minScale={1_000}
                testId="profit-chart-turnover"
              />
            </Card>
          ) : null}
          <Card title={t('wl_by_day')} icon="clock">
            {!q.data.days.length ? (
              <EmptyState icon="chart" title={t('wl_empty')} description={t('wl_empty_info')} compact />
            ) : (
              <table className="wallet-table" data-testid="profit-days">
                <caption className="visually-hidden">{t('wl_by_day')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('wl_day')}</th>
                    <th scope="col" className="wallet-num">
                      {t('wl_deposits')}
                    </th>
                    <th scope="col" className="wallet-num">
                      {t('wl_withdrawals')}
                    </th>
                    <th scope="col" className="wallet-num">
                      {t('wl_bets')}
                    </th>
                    <th scope="col" className="wallet-num">
                      {t('wl_wins')}
                    </th>
                    <th scope="col" className="wallet-num">
                      {t('wl_bonuses')}
                    </th>
                    <th scope="col" className="wallet-num">
                      {t('wl_net')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {q.data.days.map((d) => (
                    <tr key={d.day}>
                      <td data-label={t('wl_day')}>{d.day}</td>
                      <td data-label={t('wl_deposits')} className="wallet-num">
                        <Money minor={d.deposits} />
                      </td>
                      <td data-label={t('wl_withdrawals')} className="wallet-num">
                        <Money minor={d.withdrawals} />
                      </td>
                      <td data-label={t('wl_bets')} className="wallet-num">
                        <Money minor={d.bets} />
                      </td>
                      <td data-label={t('wl_wins')} className="wallet-num">
                        <Money minor={d.wins} />
                      </td>
                      <td data-label={t('wl_bonuses')} className="wallet-num">
                        <Money minor={d.bonuses} />
                      </td>
                      <td data-label={t('wl_net')} className="wallet-num">
                        <Money minor={d.net} signed />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
          <Card title={t('wl_by_game')} icon="gamepad">
            {!q.data.gameTypes.length ? (
              <p className="wallet-muted">{t('wl_no_games')}</p>
            ) : (
              <table className="wallet-table" data-testid="profit-games">
                <caption className="visually-hidden">{t('wl_by_game')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('wl_game_type')}</th>
                    <th scope="col" className="wallet-num">
                      {t('wl_bets')}
                    </th>
                    <th scope="col" className="wallet-num">
                      {t('wl_wins')}
                    </th>
                    <th scope="col" className="wallet-num">
                      {t('wl_net')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {q.data.gameTypes.map((g) => (
                    <tr key={g.gameType}>
                      <td data-label={t('wl_game_type')}>{g.gameType}</td>
                      <td data-label={t('wl_bets')} className="wallet-num">
                        <Money minor={g.bets} />
                      </td>
                      <td data-label={t('wl_wins')} className="wallet-num">
                        <Money minor={g.wins} />
                      </td>
                      <td data-label={t('wl_net')} className="wallet-num">
                        <Money minor={g.net} signed />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
