import type { TeamFigures } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendChart } from '../../../../components/charts/index.ts';
import { formatMoney, useBrandMoney } from '../../../../lib/money/index.ts';
import { useTeamOverview } from '../../api/teamOverview.ts';
import { useTeamTrend } from '../../api/teamTrend.ts';
import { useAgentText } from '../../hooks/useAgentText.ts';
import { Money, Section, Stat, When } from '../Bits.tsx';
import { PeriodFilter, periodQuery, type PeriodValue } from '../PeriodFilter.tsx';
import { QueryView } from '../QueryView.tsx';

function Figures({ f, scope }: { f: TeamFigures; scope: 'team' | 'direct' }) {
  const { t } = useAgentText();
  const id = (k: string) => `ag-ov-${scope}-${k}`;
  return (
    <div className="ag-stats">
      <Stat label={t('ag_ov_size')} testId={id('size')}>
        {f.size}
      </Stat>
      <Stat label={t('ag_ov_new')} testId={id('new')}>
        {f.newMembers}
      </Stat>
      <Stat label={t('ag_ov_active')} testId={id('active')}>
        {f.activeMembers}
      </Stat>
      <Stat label={t('ag_ov_deposits')} testId={id('deposits')}>
        <Money value={f.deposits} />
      </Stat>
      <Stat label={t('ag_ov_withdrawals')} testId={id('withdrawals')}>
        <Money value={f.withdrawals} />
      </Stat>
      <Stat label={t('ag_ov_rounds')} testId={id('rounds')}>
        {f.rounds}
      </Stat>
      <Stat label={t('ag_ov_bets')} testId={id('bets')}>
        <Money value={f.bets} />
      </Stat>
      <Stat label={t('ag_ov_valid_bets')} testId={id('validBets')}>
        <Money value={f.validBets} />
      </Stat>
      <Stat label={t('ag_ov_wins')} testId={id('wins')}>
        <Money value={f.wins} />
      </Stat>
      <Stat label={t('ag_ov_pnl')} hint={t('ag_ov_pnl_hint')} testId={id('pnl')}>
        <Money value={f.profitLoss} signed />
      </Stat>
    </div>
  );
}

/** The whole team's last 30 days beside the figures: valid bets, active members, profit and loss (issue 21). */
function Trend() {
  const { t } = useAgentText();
  const { i18n } = useTranslation();
  const money = useBrandMoney();
  const trend = useTeamTrend();
  if (!trend.data) return null;
  const v = trend.data;
  const f = new Intl.DateTimeFormat(i18n.language, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  const labels = v.days.map((d) => f.format(new Date(`${d.day}T00:00:00Z`)));
  const showMoney = (minor: number) => formatMoney(String(Math.round(minor)), money);
  const showCount = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <Section title={t('ag_trend_title')} testId="ag-ov-trend">
      <div className="ag-trend">
        <TrendChart
          kind="line"
          title={t('ag_trend_turnover')}
          labels={labels}
          series={[{ label: t('ag_ov_valid_bets'), values: v.days.map((d) => Number(d.validBets)) }]}
          format={showMoney}
          minScale={10_000}
          showTitle
          height={180}
          testId="ag-trend-turnover"
        />
        <TrendChart
          kind="bar"
          title={t('ag_trend_active')}
          labels={labels}
          series={[{ label: t('ag_ov_active'), values: v.days.map((d) => d.activeMembers) }]}
          format={showCount}
          minScale={5}
          showTitle
          height={180}
          testId="ag-trend-active"
        />
        <TrendChart
          kind="bar"
          title={t('ag_trend_pnl')}
          labels={labels}
          series={[{ label: t('ag_ov_pnl'), values: v.days.map((d) => Number(d.profitLoss)) }]}
          format={showMoney}
          minScale={10_000}
          showTitle
          height={180}
          testId="ag-trend-pnl"
        />
      </div>
    </Section>
  );
}

/** agentTeamOverview (default page): the whole team and the direct downlines over a period. */
export function TeamOverviewPage() {
  const { t } = useAgentText();
  const [period, setPeriod] = useState<PeriodValue>({ period: 'today' });
  const query = useTeamOverview(periodQuery(period));
  return (
    <div className="ag-page" data-testid="ag-team-overview">
      <PeriodFilter value={period} onChange={setPeriod} />
      <QueryView query={query} rows={6}>
        {(v) => (
          <>
            <p className="ag-note">
              {t('ag_period_span', { from: v.period.from, to: v.period.to })}
              {v.asOf ? (
                <>
                  {' '}
                  · {t('ag_as_of')} <When value={v.asOf} />
                </>
              ) : null}
            </p>
            <Section title={t('ag_ov_team')} testId="ag-ov-team">
              <Figures f={v.team} scope="team" />
            </Section>
            <Section title={t('ag_ov_direct')} testId="ag-ov-direct">
              <Figures f={v.direct} scope="direct" />
            </Section>
            <Trend />
          </>
        )}
      </QueryView>
    </div>
  );
}
