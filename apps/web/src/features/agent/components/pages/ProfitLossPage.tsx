import { useState } from 'react';
import { Input } from '../../../../components/ui/index.ts';
import { useProfitLoss } from '../../api/profitLoss.ts';
import { useAgentText } from '../../hooks/useAgentText.ts';
import { Badge, Money, Stat } from '../Bits.tsx';
import { DataTable } from '../DataTable.tsx';
import { Pager } from '../Pager.tsx';
import { PeriodFilter, periodQuery, type PeriodValue } from '../PeriodFilter.tsx';
import { QueryView } from '../QueryView.tsx';

/** palStatementsAgentCopy (user loss): each member's profit and loss, biggest loss first. */
export function ProfitLossPage() {
  const { t } = useAgentText();
  const [period, setPeriod] = useState<PeriodValue>({ period: 'thisWeek' });
  const [username, setUsername] = useState('');
  const [scope, setScope] = useState<'team' | 'direct'>('team');
  const [applied, setApplied] = useState({ username: '', scope: 'team' as 'team' | 'direct' });
  const [page, setPage] = useState(1);
  const query = useProfitLoss({
    ...periodQuery(period),
    page,
    pageSize: 20,
    scope: applied.scope,
    ...(applied.username ? { username: applied.username } : {}),
  });
  return (
    <div className="ag-page" data-testid="ag-pnl">
      <PeriodFilter
        value={period}
        onChange={(p) => {
          setPeriod(p);
          setApplied({ username: username.trim(), scope });
          setPage(1);
        }}
      >
        <Input
          label={t('ag_col_account')}
          hideLabel
          icon="search"
          placeholder={t('ag_search_placeholder')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          className="ag-filters__search"
        />
        <label className="ag-select">
          <span className="ag-select__label">{t('ag_scope')}</span>
          <select value={scope} onChange={(e) => setScope(e.target.value as 'team')}>
            <option value="team">{t('ag_scope_team')}</option>
            <option value="direct">{t('ag_scope_direct')}</option>
          </select>
        </label>
      </PeriodFilter>
      <QueryView query={query} isEmpty={(v) => v.list.length === 0}>
        {(v) => (
          <>
            <div className="ag-stats ag-stats--inline">
              <Stat label={t('ag_ov_pnl')} hint={t('ag_ov_pnl_hint')}>
                <Money value={v.totals.profitLoss} signed />
              </Stat>
              <Stat label={t('ag_ov_valid_bets')}>
                <Money value={v.totals.validBets} />
              </Stat>
              <Stat label={t('ag_ov_deposits')}>
                <Money value={v.totals.deposits} />
              </Stat>
              <Stat label={t('ag_ov_withdrawals')}>
                <Money value={v.totals.withdrawals} />
              </Stat>
            </div>
            <DataTable
              caption={t('ag_pnl_caption')}
              testId="ag-pnl-table"
              rows={v.list}
              rowKey={(r) => r.memberId}
              columns={[
                {
                  key: 'account',
                  label: t('ag_col_account'),
                  render: (r) => (
                    <span className="ag-account">
                      <strong>{r.account}</strong>
                      {r.isAgent ? <Badge tone="info">{t('ag_type_agent')}</Badge> : null}
                    </span>
                  ),
                },
                { key: 'upline', label: t('ag_ct_upline'), wideOnly: true, render: (r) => r.upline ?? '—' },
                { key: 'rounds', label: t('ag_ov_rounds'), align: 'end', render: (r) => r.rounds },
                { key: 'bets', label: t('ag_ov_bets'), align: 'end', render: (r) => <Money value={r.bets} /> },
                { key: 'wins', label: t('ag_ov_wins'), align: 'end', render: (r) => <Money value={r.wins} /> },
                {
                  key: 'pnl',
                  label: t('ag_ov_pnl'),
                  align: 'end',
                  render: (r) => <Money value={r.profitLoss} signed />,
                },
                {
                  key: 'dep',
                  label: t('ag_ov_deposits'),
                  align: 'end',
                  wideOnly: true,
                  render: (r) => <Money value={r.deposits} />,
                },
                {
                  key: 'wd',
                  label: t('ag_ov_withdrawals'),
                  align: 'end',
                  wideOnly: true,
                  render: (r) => <Money value={r.withdrawals} />,
                },
              ]}
            />
            <Pager page={v.pageNum} totalPages={v.totalPages} total={v.total} onPage={setPage} />
          </>
        )}
      </QueryView>
    </div>
  );
}
