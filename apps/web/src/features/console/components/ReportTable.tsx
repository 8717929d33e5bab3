import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/index.ts';
import type { ApiError } from '../../../lib/api/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { csvAmount, downloadCsv, toCsv, type CsvCell } from '../csv/csv.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskCard, DeskTable, ErrorLine } from './parts.tsx';

/**
 * A report column: what the screen shows and what the CSV writes, from the same row. Money is
 * minor units (the screen formats it for the reader, the file writes major units with a dot).
 */
export interface Column<R> {
  label: string;
  kind: 'text' | 'money' | 'count';
  value: (r: R) => string | number | null;
  /** The screen's text when it differs from the value (a local day, a translated kind). */
  show?: (r: R) => ReactNode;
  testId?: string;
}

/** Shows money and counts for the reader; writes them for the CSV. */
export const useShow = () => {
  const money = useBrandMoney();
  const { i18n } = useTranslation();
  return useMemo(() => {
    const count = new Intl.NumberFormat(i18n.language);
    const day = new Intl.DateTimeFormat(i18n.language, {
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return {
      money: (minor: string) => formatMoney(minor, money),
      count: (n: number) => count.format(n),
      day: (d: string) => day.format(new Date(`${d}T00:00:00Z`)),
      exponent: money.exponent,
    };
  }, [money, i18n.language]);
};

/**
 * A report's table with its totals and the "Export CSV" button: the file is the table's header,
 * its rows and its totals line, written from the same values the screen shows.
 */
export function ReportTable<R>({
  t,
  id,
  title,
  hint,
  columns,
  rows,
  rowKey,
  totals,
  filename,
  query,
  emptyText,
  action,
  head,
}: {
  t: ConsoleT;
  id: string;
  title: string;
  hint?: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (r: R) => string | number;
  /** The totals line: its first cell says "Total". */
  totals?: R | null;
  filename: string;
  /** The report's query: busy while it fetches, its error above the card, its range above the table. */
  query: { isFetching: boolean; error: Error | null; data?: ReportRange | undefined };
  emptyText: string;
  /** A last column of buttons, on the screen only. */
  action?: { label: string; cell: (r: R) => ReactNode };
  /** What stands left of the export button; the answer's range and zone when not given. */
  head?: ReactNode;
}) {
  const show = useShow();
  const loaded = !!query.data;
  const screen = (c: Column<R>, r: R): ReactNode => {
    if (c.show) return c.show(r);
    const v = c.value(r);
    if (v === null) return '—';
    if (c.kind === 'money') return show.money(String(v));
    if (c.kind === 'count') return show.count(Number(v));
    return v;
  };
  const file = (c: Column<R>, r: R): CsvCell => {
    const v = c.value(r);
    if (v === null) return null;
    return c.kind === 'money' ? csvAmount(String(v), show.exponent) : v;
  };
  const exportCsv = () => {
    const lines: CsvCell[][] = rows.map((r) => columns.map((c) => file(c, r)));
    if (totals) lines.push(columns.map((c, i) => (i === 0 ? t('rp_total') : file(c, totals))));
    downloadCsv(
      filename,
      toCsv(
        columns.map((c) => c.label),
        lines,
      ),
    );
  };
  return (
    <>
      <ReportError error={query.error} />
      <DeskCard id={id} title={title} hint={hint} testId={id}>
        <div className="reports-bar">
          {head ?? <Showing t={t} v={query.data} />}
          <Button
            size="sm"
            variant="secondary"
            disabled={!loaded || !rows.length}
            onClick={exportCsv}
            data-testid="reports-export"
          >
            {t('rp_export')}
          </Button>
        </div>
        <DeskTable
          testId={`${id}-table`}
          caption={title}
          columns={[
            ...columns.map((c) => ({ label: c.label, numeric: c.kind !== 'text' })),
            ...(action ? [{ label: action.label }] : []),
          ]}
          empty={loaded && !rows.length}
          emptyText={emptyText}
          busy={query.isFetching}
          focusable
          t={t}
        >
          {rows.map((r) => (
            <tr key={rowKey(r)} data-testid="reports-row" data-key={rowKey(r)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th scope="row" key={c.label}>
                    {screen(c, r)}
                  </th>
                ) : (
                  <td
                    key={c.label}
                    className={c.kind === 'text' ? undefined : 'console-num'}
                    data-testid={c.testId ? `reports-cell-${c.testId}` : undefined}
                  >
                    {screen(c, r)}
                  </td>
                ),
              )}
              {action ? <td>{action.cell(r)}</td> : null}
            </tr>
          ))}
          {totals && rows.length ? (
            <tr className="reports-total" data-testid="reports-total">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th scope="row" key={c.label}>
                    {t('rp_total')}
                  </th>
                ) : (
                  <td
                    key={c.label}
                    className={c.kind === 'text' ? undefined : 'console-num'}
                    data-testid={c.testId ? `reports-total-${c.testId}` : undefined}
                  >
                    {c.kind === 'text' ? '' : screen(c, totals)}
                  </td>
                ),
              )}
              {action ? <td /> : null}
            </tr>
          ) : null}
        </DeskTable>
      </DeskCard>
    </>
  );
}

/** The range and zone every report answers with. */
export interface ReportRange {
  from: string;
  to: string;
  timezone: string;
}

/** The answer's range and zone, above the table. */
export function Showing({ t, v }: { t: ConsoleT; v: ReportRange | undefined }) {
  return v ? (
    <p className="console-muted console-small" data-testid="reports-showing">
      {t('rp_showing', { from: v.from, to: v.to, tz: v.timezone })}
    </p>
  ) : null;
}

/** A failed report: a field's message when the server names one, else the whole message. */
export function ReportError({ error }: { error: Error | null }) {
  if (!error) return null;
  const fields = Object.values((error as Partial<ApiError>).fields ?? {});
  return <ErrorLine error={fields.length ? { message: fields.join(' · ') } : error} />;
}

/** A report's own filters: its fields, then the "Show" button; hands the form's data over. */
export function ReportFilter({
  t,
  goTestId,
  onFilter,
  children,
}: {
  t: ConsoleT;
  goTestId: string;
  onFilter: (form: FormData) => void;
  children: ReactNode;
}) {
  return (
    <form
      className="console-filters reports-filter"
      aria-label={t('rp_filters')}
      onSubmit={(e) => {
        e.preventDefault();
        onFilter(new FormData(e.currentTarget));
      }}
    >
      {children}
      <Button type="submit" variant="secondary" data-testid={goTestId}>
        {t('bo_show')}
      </Button>
    </form>
  );
}
