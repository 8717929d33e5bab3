import { REPORT_GAME_GROUPS, REPORT_MAX_DAYS } from '@app/contract';
import { useState } from 'react';
import { Button, Input, Tabs } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useDaysReport, useGamesReport, useMembersReport, useStatement, useTeamsReport } from '../api/reports.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { isoToZoned } from '../hooks/zonedTime.ts';
import { ledgerKindName } from './ledgerNames.ts';
import { Select, Time } from './parts.tsx';
import { ReportError, ReportFilter, ReportTable, Showing, useShow, type Column } from './ReportTable.tsx';

type Kind = 'days' | 'games' | 'teams' | 'members' | 'statement';
type Key = Parameters<ConsoleT>[0];
type By = (typeof REPORT_GAME_GROUPS)[number];
interface Range {
  from: string;
  to: string;
}

const KINDS: [Kind, Key][] = [
  ['days', 'rp_days'],
  ['games', 'rp_games'],
  ['teams', 'rp_teams'],
  ['members', 'rp_members'],
  ['statement', 'rp_statement'],
];

const DAY_MS = 86_400_000;
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The last seven local days of the brand, today included. */
const lastWeek = (timeZone: string): Range => {
  const today = isoToZoned(new Date().toISOString(), timeZone).slice(0, 10);
  return { from: shiftDay(today, -6), to: today };
};

/**
 * The reports desk (issue 21, decision 084): figures by day, by vendor and game type, by agent
 * team, by member, and one member's statement, over local days of the brand; each table exports the
 * rows on the screen as CSV, made in the browser.
 */
export function ReportsDesk({ t }: { t: ConsoleT }) {
  const { timezone } = useWhitelabel();
  const [kind, setKind] = useState<Kind>('days');
  const [range, setRange] = useState<Range>(() => lastWeek(timezone));
  const [statementOf, setStatementOf] = useState<number | null>(null);
  const openStatement = (memberId: number) => {
    setStatementOf(memberId);
    setKind('statement');
  };
  return (
    <div className="console-stack reports" data-testid="reports-desk">
      <Tabs<Kind>
        label={t('rp_title')}
        value={kind}
        onChange={setKind}
        idPrefix="reports"
        items={KINDS.map(([id, label]) => ({ id, label: t(label) }))}
      />
      <RangeForm t={t} range={range} onRange={setRange} timezone={timezone} />
      {kind === 'days' ? <DaysReport t={t} range={range} /> : null}
      {kind === 'games' ? <GamesReport t={t} range={range} /> : null}
      {kind === 'teams' ? <TeamsReport t={t} range={range} /> : null}
      {kind === 'members' ? <MembersReport t={t} range={range} onStatement={openStatement} /> : null}
      {kind === 'statement' ? (
        <StatementReport t={t} range={range} memberId={statementOf} onMember={setStatementOf} />
      ) : null}
    </div>
  );
}

function RangeForm({
  t,
  range,
  onRange,
  timezone,
}: {
  t: ConsoleT;
  range: Range;
  onRange: (r: Range) => void;
  timezone: string;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="console-filters reports-range"
      aria-label={t('rp_range')}
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const from = String(f.get('from') ?? '');
        const to = String(f.get('to') ?? '');
        if (!from || !to) return setError(t('rp_range_missing'));
        if (from > to) return setError(t('rp_range_reversed'));
        if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > REPORT_MAX_DAYS)
          return setError(t('rp_range_long', { max: REPORT_MAX_DAYS }));
        setError(null);
        onRange({ from, to });
      }}
    >
      <Input
        name="from"
        type="date"
        label={t('bo_from')}
        defaultValue={range.from}
        key={`f-${range.from}`}
        required
        data-testid="reports-from"
      />
      <Input
        name="to"
        type="date"
        label={t('bo_to')}
        defaultValue={range.to}
        key={`t-${range.to}`}
        required
        data-testid="reports-to"
      />
      <Button type="submit" variant="secondary" data-testid="reports-show">
        {t('bo_show')}
      </Button>
      <span className="console-muted console-small reports-zone">{t('rp_zone', { tz: timezone })}</span>
      {error ? (
        <p className="field__error reports-range__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** Money figures every ledger report carries, in the order the tables show them. */
type MoneyRow = {
  bets: string;
  wins: string;
  ggr: string;
  bonuses: string;
  ngr: string;
  deposits: string;
  depositCount: number;
  withdrawals: string;
  withdrawalCount: number;
};
/** GGR and NGR are terms of art, written so in every language (as the lottery report does). */
const moneyColumns = <R extends MoneyRow>(t: ConsoleT): Column<R>[] => [
  { label: t('bo_bets'), kind: 'money', value: (r) => r.bets, testId: 'bets' },
  { label: t('bo_wins'), kind: 'money', value: (r) => r.wins },
  { label: 'GGR', kind: 'money', value: (r) => r.ggr, testId: 'ggr' },
  { label: t('bo_bonuses'), kind: 'money', value: (r) => r.bonuses },
  { label: 'NGR', kind: 'money', value: (r) => r.ngr },
  { label: t('bo_deposits'), kind: 'money', value: (r) => r.deposits, testId: 'deposits' },
  { label: t('rp_deposit_count'), kind: 'count', value: (r) => r.depositCount },
  { label: t('bo_withdrawals'), kind: 'money', value: (r) => r.withdrawals },
  { label: t('rp_withdrawal_count'), kind: 'count', value: (r) => r.withdrawalCount },
];

function DaysReport({ t, range }: { t: ConsoleT; range: Range }) {
  const show = useShow();
  const q = useDaysReport(range);
  type Row = NonNullable<typeof q.data>['rows'][number];
  const columns: Column<Row>[] = [
    { label: t('rp_day'), kind: 'text', value: (r) => r.day, show: (r) => show.day(r.day) },
    ...moneyColumns<Row>(t),
    { label: t('bo_active'), kind: 'count', value: (r) => r.activePlayers },
  ];
  return (
    <ReportTable
      t={t}
      id="reports-days"
      title={t('rp_days')}
      hint={t('rp_days_hint')}
      columns={columns}
      rows={q.data?.rows ?? []}
      rowKey={(r) => r.day}
      totals={q.data?.totals}
      filename={`report-days-${range.from}-${range.to}.csv`}
      query={q}
      emptyText={t('rp_empty')}
    />
  );
}

function GamesReport({ t, range }: { t: ConsoleT; range: Range }) {
  const [filter, setFilter] = useState<{ by: By; vendor: string; gameType: string }>({
    by: 'both',
    vendor: '',
    gameType: '',
  });
  const [by, setBy] = useState<By>('both');
  const q = useGamesReport({
    ...range,
    by: filter.by,
    ...(filter.vendor ? { vendor: filter.vendor } : {}),
    ...(filter.gameType ? { gameType: filter.gameType } : {}),
  });
  type Row = NonNullable<typeof q.data>['rows'][number];
  const shown = q.data ? filter.by : null;
  const columns: Column<Row>[] = [
    ...(shown !== 'gameType' ? [{ label: t('bo_vendor'), kind: 'text', value: (r) => r.vendor } as Column<Row>] : []),
    ...(shown !== 'vendor'
      ? [{ label: t('rp_game_type'), kind: 'text', value: (r) => r.gameType } as Column<Row>]
      : []),
    { label: t('bo_rounds'), kind: 'count', value: (r) => r.rounds },
    { label: t('rp_players'), kind: 'count', value: (r) => r.players },
    { label: t('bo_turnover'), kind: 'money', value: (r) => r.turnover, testId: 'turnover' },
    { label: t('bo_wins'), kind: 'money', value: (r) => r.wins },
    { label: 'GGR', kind: 'money', value: (r) => r.ggr, testId: 'ggr' },
  ];
  const totals = q.data ? ({ vendor: '', gameType: '', ...q.data.totals } as Row) : null;
  return (
    <>
      <ReportFilter
        t={t}
        goTestId="reports-games-go"
        onFilter={(f) =>
          setFilter({
            by,
            vendor: String(f.get('vendor') ?? '').trim(),
            gameType: String(f.get('gameType') ?? '').trim(),
          })
        }
      >
        <Select<By>
          label={t('rp_group_by')}
          value={by}
          values={REPORT_GAME_GROUPS}
          name={(v) => t(`rp_by_${v}` as Key)}
          onChange={setBy}
          testId="reports-games-by"
        />
        <Input name="vendor" label={t('bo_vendor')} maxLength={64} data-testid="reports-games-vendor" />
        <Input name="gameType" label={t('rp_game_type')} maxLength={64} data-testid="reports-games-type" />
      </ReportFilter>
      <ReportTable
        t={t}
        id="reports-games"
        title={t('rp_games')}
        hint={t('rp_games_hint')}
        columns={columns}
        rows={q.data?.rows ?? []}
        rowKey={(r) => `${r.vendor}|${r.gameType}`}
        totals={totals}
        filename={`report-games-${filter.by}-${range.from}-${range.to}.csv`}
        query={q}
        emptyText={t('bo_no_play')}
      />
    </>
  );
}

function TeamsReport({ t, range }: { t: ConsoleT; range: Range }) {
  const [agent, setAgent] = useState('');
  const q = useTeamsReport({ ...range, ...(agent ? { agent } : {}) });
  type Row = NonNullable<typeof q.data>['rows'][number];
  const columns: Column<Row>[] = [
    { label: t('rp_agent'), kind: 'text', value: (r) => r.agent },
    { label: t('mb_type'), kind: 'count', value: (r) => r.type },
    { label: t('rp_team_members'), kind: 'count', value: (r) => r.members },
    { label: t('bo_active'), kind: 'count', value: (r) => r.activePlayers },
    ...moneyColumns<Row>(t),
  ];
  return (
    <>
      <ReportFilter t={t} goTestId="reports-teams-go" onFilter={(f) => setAgent(String(f.get('agent') ?? '').trim())}>
        <Input
          name="agent"
          label={t('rp_agent')}
          hint={t('rp_agent_hint')}
          maxLength={64}
          data-testid="reports-teams-agent"
        />
      </ReportFilter>
      <ReportTable
        t={t}
        id="reports-teams"
        title={t('rp_teams')}
        hint={t(agent ? 'rp_teams_hint_agent' : 'rp_teams_hint')}
        columns={columns}
        rows={q.data?.rows ?? []}
        rowKey={(r) => r.agentId}
        filename={`report-teams-${agent || 'top'}-${range.from}-${range.to}.csv`}
        query={q}
        emptyText={t('rp_no_teams')}
      />
    </>
  );
}

/** Sums of minor-unit strings, exactly (BigInt): the member report's totals line. */
const sumRows = <R extends Record<string, unknown>>(rows: R[], keys: (keyof R)[]) =>
  Object.fromEntries(
    keys.map((k) => {
      const counts = rows.every((r) => typeof r[k] === 'number');
      const total = rows.reduce((s, r) => s + BigInt(String(r[k] ?? 0)), 0n);
      return [k, counts ? Number(total) : total.toString()];
    }),
  ) as Partial<R>;

function MembersReport({
  t,
  range,
  onStatement,
}: {
  t: ConsoleT;
  range: Range;
  onStatement: (memberId: number) => void;
}) {
  const [username, setUsername] = useState('');
  const q = useMembersReport({ ...range, ...(username ? { username } : {}) });
  type Row = NonNullable<typeof q.data>['rows'][number];
  const rows = q.data?.rows ?? [];
  const columns: Column<Row>[] = [
    { label: t('mb_account'), kind: 'text', value: (r) => r.username },
    { label: t('bo_rounds'), kind: 'count', value: (r) => r.rounds },
    ...moneyColumns<Row>(t),
  ];
  const totals = rows.length
    ? ({
        memberId: 0,
        username: '',
        ...sumRows(rows, [
          'rounds',
          'bets',
          'wins',
          'ggr',
          'bonuses',
          'ngr',
          'deposits',
          'depositCount',
          'withdrawals',
          'withdrawalCount',
        ]),
      } as Row)
    : null;
  return (
    <>
      <ReportFilter
        t={t}
        goTestId="reports-members-go"
        onFilter={(f) => setUsername(String(f.get('username') ?? '').trim())}
      >
        <Input name="username" label={t('rp_username_prefix')} maxLength={64} data-testid="reports-members-username" />
      </ReportFilter>
      <ReportTable
        t={t}
        id="reports-members"
        title={t('rp_members')}
        hint={t('rp_members_hint', { limit: q.data?.limit ?? 500 })}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.memberId}
        totals={totals}
        filename={`report-members-${range.from}-${range.to}.csv`}
        query={q}
        emptyText={t('rp_empty')}
        action={{
          label: t('cs_actions'),
          cell: (r) => (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onStatement(r.memberId)}
              data-testid={`reports-statement-${r.username}`}
            >
              {t('rp_open_statement')}
            </Button>
          ),
        }}
      />
    </>
  );
}

function StatementReport({
  t,
  range,
  memberId,
  onMember,
}: {
  t: ConsoleT;
  range: Range;
  memberId: number | null;
  onMember: (id: number | null) => void;
}) {
  const { timezone } = useWhitelabel();
  const show = useShow();
  const q = useStatement(memberId ? { ...range, memberId } : null);
  const v = q.data;
  type Row = NonNullable<typeof v>['rows'][number];
  /** The opening and closing balances are lines of the table too (and of the file). */
  type Line = Row & { edge?: 'opening' | 'closing' };
  const columns: Column<Line>[] = [
    {
      label: t('cs_time'),
      kind: 'text',
      value: (r) => (r.edge ? t(`rp_${r.edge}` as Key) : r.at),
      show: (r) => (r.edge ? <em>{t(`rp_${r.edge}` as Key)}</em> : <Time iso={r.at} timeZone={timezone} />),
    },
    {
      label: t('mb_kind'),
      kind: 'text',
      value: (r) => (r.edge ? '' : ledgerKindName(t, r.kind)),
      show: (r) => (r.edge ? '' : <span title={r.kind}>{ledgerKindName(t, r.kind)}</span>),
    },
    { label: t('cs_reference'), kind: 'text', value: (r) => r.reference },
    {
      label: t('cs_amount'),
      kind: 'money',
      value: (r) => (r.edge ? null : r.amount),
      show: (r) => (r.edge ? '' : show.money(r.amount)),
      testId: 'amount',
    },
    { label: t('mb_balance'), kind: 'money', value: (r) => r.balance, testId: 'balance' },
  ];
  const rows: Line[] = v
    ? [
        { id: 0, at: '', kind: '', reference: null, amount: '0', balance: v.opening, edge: 'opening' },
        ...v.rows,
        { id: -1, at: '', kind: '', reference: null, amount: '0', balance: v.closing, edge: 'closing' },
      ]
    : [];
  return (
    <>
      <ReportFilter
        t={t}
        goTestId="reports-statement-go"
        onFilter={(f) => {
          const id = Number(String(f.get('memberId') ?? '').trim());
          onMember(Number.isInteger(id) && id > 0 ? id : null);
        }}
      >
        <Input
          name="memberId"
          label={t('rp_member_id')}
          hint={t('rp_member_id_hint')}
          inputMode="numeric"
          pattern="[0-9]+"
          defaultValue={memberId ?? ''}
          key={memberId ?? 'none'}
          required
          data-testid="reports-statement-member"
        />
      </ReportFilter>
      {v ? null : <ReportError error={q.error} />}
      {memberId === null ? <p className="console-muted">{t('rp_statement_pick')}</p> : null}
      {v ? (
        <ReportTable
          t={t}
          id="reports-statement"
          title={t('rp_statement_of', { username: v.username, id: v.memberId })}
          hint={t('rp_statement_hint')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          filename={`statement-${v.username}-${range.from}-${range.to}.csv`}
          query={q}
          emptyText={t('rp_empty')}
          head={
            <div className="reports-statement-head">
              <Showing t={t} v={v} />
              {v.testAccount ? (
                <span className="console-status console-status--rejected" data-testid="reports-statement-test">
                  {t('mb_test_account')}
                </span>
              ) : null}
              {v.truncated ? (
                <p className="field__error" role="status" data-testid="reports-statement-truncated">
                  {t('rp_truncated', { count: v.rows.length })}
                </p>
              ) : null}
            </div>
          }
        />
      ) : null}
    </>
  );
}
