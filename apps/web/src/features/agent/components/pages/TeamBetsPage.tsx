import { GAME_TYPES } from '@app/contract';
import { useState } from 'react';
import { Input } from '../../../../components/ui/index.ts';
import { useTeamBets } from '../../api/teamBets.ts';
import { useAgentText } from '../../hooks/useAgentText.ts';
import { Badge, Money, Stat, When } from '../Bits.tsx';
import { DataTable } from '../DataTable.tsx';
import { Pager } from '../Pager.tsx';
import { PeriodFilter, periodQuery, type PeriodValue } from '../PeriodFilter.tsx';
import { QueryView } from '../QueryView.tsx';

/** personalHistoryCopy (team betting): the team's rounds, by member, game type and date. */
export function TeamBetsPage() {
  const { t } = useAgentText();
  const [period, setPeriod] = useState<PeriodValue>({ period: 'today' });
  const [username, setUsername] = useState('');
  const [gameType, setGameType] = useState('ALL');
  const [scope, setScope] = useState<'team' | 'direct'>('team');
  const [applied, setApplied] = useState({ username: '', gameType: 'ALL', scope: 'team' as 'team' | 'direct' });
  const [page, setPage] = useState(1);
  const query = useTeamBets({
    ...periodQuery(period),
    page,
    pageSize: 20,
    scope: applied.scope,
    ...(applied.username ? { username: applied.username } : {}),
    ...(applied.gameType !== 'ALL' ? { gameType: applied.gameType as 'RNG' } : {}),
  });
  const apply = (p: PeriodValue) => {
    setPeriod(p);
    setApplied({ username: username.trim(), gameType, scope });
    setPage(1);
  };
  return (
    <div className="ag-page" data-testid="ag-team-bets">
      <PeriodFilter value={period} onChange={apply}>
        <Input
          label={t('ag_col_account')}
          hideLabel
          icon="search"
          placeholder={t('ag_search_placeholder')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          className="ag-filters__search"
          data-testid="ag-bets-username"
        />
        <label className="ag-select">
          <span className="ag-select__label">{t('ag_col_game_type')}</span>
          <select value={gameType} onChange={(e) => setGameType(e.target.value)} data-testid="ag-bets-type">
            <option value="ALL">{t('ag_all')}</option>
            {GAME_TYPES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
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
              <Stat label={t('ag_ov_bets')} testId="ag-bets-total">
                <Money value={v.totals.bet} />
              </Stat>
              <Stat label={t('ag_ov_valid_bets')}>
                <Money value={v.totals.validBet} />
              </Stat>
              <Stat label={t('ag_ov_wins')}>
                <Money value={v.totals.win} />
              </Stat>
              <Stat label={t('ag_ov_pnl')}>
                <Money value={v.totals.profitLoss} signed />
              </Stat>
            </div>
            <DataTable
              caption={t('ag_bets_caption')}
              testId="ag-bets-table"
              rows={v.list}
              rowKey={(r) => r.id}
              columns={[
                { key: 'time', label: t('ag_col_time'), render: (r) => <When value={r.startedAt} /> },
                {
                  key: 'account',
                  label: t('ag_col_account'),
                  render: (r) => <strong data-testid="ag-bet-account">{r.account}</strong>,
                },
                {
                  key: 'game',
                  label: t('ag_col_game'),
                  render: (r) => (
                    <span>
                      {r.gameType} · {r.gameCode}
                    </span>
                  ),
                },
                {
                  key: 'round',
                  label: t('ag_col_round'),
                  wideOnly: true,
                  render: (r) => <code className="ag-code-sm">{r.roundId}</code>,
                },
                { key: 'bet', label: t('ag_col_bet'), align: 'end', render: (r) => <Money value={r.bet} /> },
                {
                  key: 'valid',
                  label: t('ag_col_valid_bet'),
                  align: 'end',
                  render: (r) => <Money value={r.validBet} />,
                },
                { key: 'win', label: t('ag_col_win'), align: 'end', render: (r) => <Money value={r.win} /> },
                {
                  key: 'pnl',
                  label: t('ag_ov_pnl'),
                  align: 'end',
                  render: (r) => <Money value={r.profitLoss} signed />,
                },
                {
                  key: 'status',
                  label: t('ag_col_status'),
                  render: (r) => (
                    <Badge tone={r.status === 'closed' ? 'good' : r.status === 'open' ? 'warn' : 'neutral'}>
                      {t(`ag_round_${r.status}` as never)}
                    </Badge>
                  ),
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
