import { useState } from 'react';
import { Input } from '../../../components/ui/index.ts';
import type { LotteryReportRow } from '@app/contract';
import { useLotteryReport } from '../api/lotteryGames.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { familyName } from './lotteryNames.ts';
import { ReportFilter, ReportTable, type Column } from './ReportTable.tsx';

/**
 * GGR per lottery game over local days of the brand (decision 081): what was staked on bets placed
 * in the range, won, refunded and still open, the GGR of the settled ones, bets and players. The
 * reports' one table (decision 093): totals, the range and zone, and the CSV export.
 */
export function LotteryReportCard({ t }: { t: ConsoleT }) {
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const q = useLotteryReport(range);
  const v = q.data;
  const columns: Column<LotteryReportRow>[] = [
    {
      label: t('lg_game'),
      kind: 'text',
      value: (r) => r.gameCode,
      show: (r) => (
        <>
          {familyName(t, r.family)} <code className="console-muted">{r.gameCode}</code>
        </>
      ),
    },
    { label: t('lg_bets'), kind: 'money', value: (r) => r.bets, testId: 'bets' },
    { label: t('lg_wins'), kind: 'money', value: (r) => r.wins },
    { label: t('lg_refunds'), kind: 'money', value: (r) => r.refunds },
    { label: t('lg_open'), kind: 'money', value: (r) => r.open },
    { label: 'GGR', kind: 'money', value: (r) => r.ggr, testId: 'ggr' },
    { label: t('lg_bet_count'), kind: 'count', value: (r) => r.betCount },
    { label: t('lg_players'), kind: 'count', value: (r) => r.players },
  ];
  const totals = v ? ({ gameCode: '', ...v.totals } as LotteryReportRow) : null;
  return (
    <>
      <ReportFilter
        t={t}
        goTestId="lg-report-show"
        onFilter={(f) => {
          const from = String(f.get('from') ?? '');
          const to = String(f.get('to') ?? '');
          if (from && to) setRange({ from, to });
        }}
      >
        <Input
          name="from"
          type="date"
          label={t('lg_from')}
          defaultValue={v?.from}
          key={`f-${v?.from}`}
          data-testid="lg-report-from"
        />
        <Input
          name="to"
          type="date"
          label={t('lg_to')}
          defaultValue={v?.to}
          key={`t-${v?.to}`}
          data-testid="lg-report-to"
        />
      </ReportFilter>
      <ReportTable
        t={t}
        id="lg-report"
        title={t('lg_report_title')}
        hint={t('lg_report_hint')}
        columns={columns}
        rows={v?.list ?? []}
        rowKey={(r) => r.gameCode}
        totals={totals}
        filename={`lottery-ggr-${v?.from ?? ''}-${v?.to ?? ''}.csv`}
        query={q}
        emptyText={t('lg_report_empty')}
      />
    </>
  );
}
