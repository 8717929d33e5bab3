import type { ResponseOf, agentEndpoints } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendChart } from '../../../../components/charts/index.ts';
import { formatMoney, useBrandMoney } from '../../../../lib/money/index.ts';
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
            {v.list.length ? <IncomeChart value={v} /> : null}
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

/** Earnings by kind over the period: one stacked bar a day, a colour per contract kind (received pay). */
function IncomeChart({ value }: { value: ResponseOf<typeof agentEndpoints.income> }) {
  const { t } = useAgentText();
  const { i18n } = useTranslation();
  const money = useBrandMoney();
  const days = [...new Set(value.list.map((r) => r.day))].sort();
  const kinds = [...new Set(value.list.map((r) => r.kind))];
  const at = new Map(value.list.map((r) => [`${r.day}:${r.kind}`, Number(r.received)]));
  const f = new Intl.DateTimeFormat(i18n.language, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  return (
    <div className="ag-income-chart">
      <TrendChart
        kind="bar"
        stacked
        title={t('ag_inc_chart')}
        labels={days.map((d) => f.format(new Date(`${d}T00:00:00Z`)))}
        series={kinds.map((k) => ({
          label: t(`ag_kind_${k}` as never),
          values: days.map((d) => at.get(`${d}:${k}`) ?? 0),
        }))}
        format={(minor) => formatMoney(String(Math.round(minor)), money)}
        minScale={10_000}
        showTitle
        height={200}
        testId="ag-income-chart"
      />
    </div>
  );
}
