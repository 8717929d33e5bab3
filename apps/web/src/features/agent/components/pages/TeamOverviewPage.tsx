import type { TeamFigures } from '@app/contract';
import { useState } from 'react';
import { useTeamOverview } from '../../api/teamOverview.ts';
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
          </>
        )}
      </QueryView>
    </div>
  );
}
