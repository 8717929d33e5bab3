import { useState } from 'react';
import { useIncome } from '../../api/income.ts';
import { useAgentText } from '../../hooks/useAgentText.ts';
import { KindLabel, Money, Stat } from '../Bits.tsx';
import { DataTable } from '../DataTable.tsx';
import { PeriodFilter, periodQuery, type PeriodValue } from '../PeriodFilter.tsx';
import { QueryView } from '../QueryView.tsx';

/** agentRevenueReport (my income): contract pay received, what was paid down, by day and kind. */
export function IncomePage() {
  const { t } = useAgentText();
  const [period, setPeriod] = useState<PeriodValue>({ period: 'thisMonth' });
  const query = useIncome(periodQuery(period));
  return (
    <div className="ag-page" data-testid="ag-income">
      <PeriodFilter value={period} onChange={setPeriod} />
      <QueryView query={query}>
        {(v) => (
          <>
            <div className="ag-stats ag-stats--inline">
              <Stat label={t('ag_inc_received')} testId="ag-inc-received">
                <Money value={v.totals.received} />
              </Stat>
              <Stat label={t('ag_inc_paid')} testId="ag-inc-paid">
                <Money value={v.totals.paid} />
              </Stat>
              <Stat label={t('ag_inc_net')} testId="ag-inc-net">
                <Money value={v.totals.net} signed />
              </Stat>
            </div>
            {v.list.length ? (
              <DataTable
                caption={t('ag_inc_caption')}
                rows={v.list}
                rowKey={(r) => `${r.day}:${r.kind}`}
                columns={[
                  { key: 'day', label: t('ag_col_day'), render: (r) => r.day },
                  { key: 'kind', label: t('ag_col_kind'), render: (r) => <KindLabel kind={r.kind} /> },
                  {
                    key: 'recv',
                    label: t('ag_inc_received'),
                    align: 'end',
                    render: (r) => (
                      <>
                        <Money value={r.received} /> <span className="ag-muted">×{r.receivedCount}</span>
                      </>
                    ),
                  },
                  {
                    key: 'paid',
                    label: t('ag_inc_paid'),
                    align: 'end',
                    render: (r) => (
                      <>
                        <Money value={r.paid} /> <span className="ag-muted">×{r.paidCount}</span>
                      </>
                    ),
                  },
                ]}
              />
            ) : (
              <p className="ag-note">{t('ag_empty')}</p>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
