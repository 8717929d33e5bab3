import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import type { ApiError } from '../../../lib/api/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useLotteryReport } from '../api/lotteryGames.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { familyName } from './lotteryNames.ts';
import { DeskCard, DeskTable, ErrorLine } from './parts.tsx';

/**
 * GGR per lottery game over local days of the brand (decision 081): what was staked on bets placed
 * in the range, won, refunded and still open, the GGR of the settled ones, bets and players.
 */
export function LotteryReportCard({ t }: { t: ConsoleT }) {
  const money = useBrandMoney();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const q = useLotteryReport(range);
  const v = q.data;
  /** A refused range names its field (the query's error is the API's). */
  const fields = (q.error as ApiError | null)?.fields ?? {};
  const m = (minor: string) => formatMoney(minor, money);
  return (
    <DeskCard id="lg-report" title={t('lg_report_title')} hint={t('lg_report_hint')} testId="lg-report">
      <form
        className="console-filters lg-report__range"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const from = String(data.get('from') ?? '');
          const to = String(data.get('to') ?? '');
          if (from && to) setRange({ from, to });
        }}
      >
        <Input
          name="from"
          type="date"
          label={t('lg_from')}
          defaultValue={v?.from}
          key={`f-${v?.from}`}
          error={fields.from}
          data-testid="lg-report-from"
        />
        <Input
          name="to"
          type="date"
          label={t('lg_to')}
          defaultValue={v?.to}
          key={`t-${v?.to}`}
          error={fields.to}
          data-testid="lg-report-to"
        />
        <Button type="submit" variant="secondary" data-testid="lg-report-show">
          {t('lg_show')}
        </Button>
      </form>
      <ErrorLine error={Object.keys(fields).length ? null : q.error} />
      {v ? (
        <p className="console-muted" data-testid="lg-report-range">
          {t('lg_report_range', { from: v.from, to: v.to, zone: v.timezone })}
        </p>
      ) : null}
      <DeskTable
        testId="lg-report-table"
        caption={t('lg_report_title')}
        columns={[
          { label: t('lg_game') },
          { label: t('lg_bets'), numeric: true },
          { label: t('lg_wins'), numeric: true },
          { label: t('lg_refunds'), numeric: true },
          { label: t('lg_open'), numeric: true },
          { label: 'GGR', numeric: true },
          { label: t('lg_bet_count'), numeric: true },
          { label: t('lg_players'), numeric: true },
        ]}
        empty={Boolean(v && !v.list.length)}
        emptyText={t('lg_report_empty')}
        busy={q.isFetching}
        t={t}
      >
        {(v?.list ?? []).map((r) => (
          <tr key={r.gameCode} data-testid="lg-report-row" data-game={r.gameCode}>
            <td>
              {familyName(t, r.family)} <code className="console-muted">{r.gameCode}</code>
            </td>
            <td className="console-num">{m(r.bets)}</td>
            <td className="console-num">{m(r.wins)}</td>
            <td className="console-num">{m(r.refunds)}</td>
            <td className="console-num">{m(r.open)}</td>
            <td className="console-num" data-testid="lg-report-ggr">
              <strong>{m(r.ggr)}</strong>
            </td>
            <td className="console-num">{r.betCount}</td>
            <td className="console-num">{r.players}</td>
          </tr>
        ))}
        {v && v.list.length ? (
          <tr className="lg-report__total" data-testid="lg-report-total">
            <th scope="row">{t('lg_total')}</th>
            <td className="console-num">{m(v.totals.bets)}</td>
            <td className="console-num">{m(v.totals.wins)}</td>
            <td className="console-num">{m(v.totals.refunds)}</td>
            <td className="console-num">{m(v.totals.open)}</td>
            <td className="console-num">
              <strong>{m(v.totals.ggr)}</strong>
            </td>
            <td className="console-num">{v.totals.betCount}</td>
            <td className="console-num">{v.totals.players}</td>
          </tr>
        ) : null}
      </DeskTable>
    </DeskCard>
  );
}
