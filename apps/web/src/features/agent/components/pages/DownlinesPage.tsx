import { useState } from 'react';
import { Button, Icon, Input } from '../../../../components/ui/index.ts';
import { useDownlines } from '../../api/downlines.ts';
import { useAgentText } from '../../hooks/useAgentText.ts';
import { Badge, KindLabel, Money, When } from '../Bits.tsx';
import { DataTable } from '../DataTable.tsx';
import { DownlineContractsModal } from '../DownlineContractsModal.tsx';
import { Pager } from '../Pager.tsx';
import { PeriodFilter, periodQuery, type PeriodValue } from '../PeriodFilter.tsx';
import { QueryView } from '../QueryView.tsx';
import { RedEnvelopeList } from '../RedEnvelopes.tsx';
import { NewPasswordModal } from '../NewPasswordModal.tsx';
import { TransferModal } from '../TransferModal.tsx';

type Target = { id: number; account: string };

/** downlineManagmentView: search and list downlines with figures; transfer; contracts; red envelopes. */
export function DownlinesPage() {
  const { t } = useAgentText();
  const [period, setPeriod] = useState<PeriodValue>({ period: 'thisMonth' });
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState({
    search: '',
    type: '' as '' | 'member' | 'agent',
    scope: 'direct' as 'direct' | 'team',
  });
  const [draft, setDraft] = useState(applied);
  const [page, setPage] = useState(1);
  const [transfer, setTransfer] = useState<Target | null>(null);
  const [contracts, setContracts] = useState<Target | null>(null);
  const [newPassword, setNewPassword] = useState<Target | null>(null);
  const query = useDownlines({
    ...periodQuery(period),
    scope: applied.scope,
    page,
    pageSize: 20,
    ...(applied.search ? { search: applied.search } : {}),
    ...(applied.type ? { type: applied.type } : {}),
  });
  // An account still on its one-time password: whoever is above it may issue a new one (decision 055).
  const newPasswordButton = (r: Target) => (
    <Button
      size="sm"
      variant="outline"
      leadingIcon={<Icon name="lock" size={14} />}
      onClick={() => setNewPassword({ id: r.id, account: r.account })}
      data-testid={`ag-new-password-${r.account}`}
    >
      {t('ag_new_password')}
    </Button>
  );
  const apply = (p: PeriodValue) => {
    setPeriod(p);
    setApplied({ ...draft, search: search.trim() });
    setPage(1);
  };
  return (
    <div className="ag-page" data-testid="ag-downlines">
      <PeriodFilter
        value={period}
        onChange={apply}
        presets={['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'custom']}
      >
        <Input
          label={t('ag_search')}
          hideLabel
          icon="search"
          placeholder={t('ag_search_placeholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="ag-dl-search"
          className="ag-filters__search"
        />
        <label className="ag-select">
          <span className="ag-select__label">{t('ag_type')}</span>
          <select
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value as '' })}
            data-testid="ag-dl-type"
          >
            <option value="">{t('ag_all')}</option>
            <option value="member">{t('ag_type_member')}</option>
            <option value="agent">{t('ag_type_agent')}</option>
          </select>
        </label>
        <label className="ag-select">
          <span className="ag-select__label">{t('ag_scope')}</span>
          <select
            value={draft.scope}
            onChange={(e) => setDraft({ ...draft, scope: e.target.value as 'direct' })}
            data-testid="ag-dl-scope"
          >
            <option value="direct">{t('ag_scope_direct')}</option>
            <option value="team">{t('ag_scope_team')}</option>
          </select>
        </label>
      </PeriodFilter>
      <QueryView query={query} isEmpty={(v) => v.list.length === 0}>
        {(v) => (
          <>
            <DataTable
              caption={t('ag_dl_caption')}
              testId="ag-dl-table"
              rows={v.list}
              rowKey={(r) => r.id}
              columns={[
                {
                  key: 'account',
                  label: t('ag_col_account'),
                  render: (r) => (
                    <span className="ag-account">
                      <strong data-testid="ag-dl-account">{r.account}</strong>
                      {r.nickname ? <span className="ag-muted">{r.nickname}</span> : null}
                    </span>
                  ),
                },
                {
                  key: 'type',
                  label: t('ag_type'),
                  render: (r) => (
                    <Badge tone={r.isAgent ? 'info' : 'neutral'}>
                      {t(r.isAgent ? 'ag_type_agent' : 'ag_type_member')}
                    </Badge>
                  ),
                },
                {
                  key: 'level',
                  label: t('ag_col_level'),
                  wideOnly: true,
                  render: (r) => (r.direct ? t('ag_direct') : `${r.depth} · ${r.upline ?? ''}`),
                },
                { key: 'team', label: t('ag_col_team'), align: 'end', render: (r) => (r.isAgent ? r.teamSize : '—') },
                {
                  key: 'balance',
                  label: t('ag_col_balance'),
                  align: 'end',
                  render: (r) => <Money value={r.balance} />,
                },
                {
                  key: 'valid',
                  label: t('ag_ov_valid_bets'),
                  align: 'end',
                  render: (r) => <Money value={r.validBets} />,
                },
                {
                  key: 'pnl',
                  label: t('ag_ov_pnl'),
                  align: 'end',
                  render: (r) => <Money value={r.profitLoss} signed />,
                },
                {
                  key: 'contracts',
                  label: t('ag_col_contracts'),
                  render: (r) =>
                    r.contracts.length ? (
                      r.contracts.map((k) => (
                        <Badge key={k} tone="good">
                          <KindLabel kind={k} />
                        </Badge>
                      ))
                    ) : (
                      <span className="ag-muted">—</span>
                    ),
                },
                {
                  key: 'created',
                  label: t('ag_col_registered'),
                  wideOnly: true,
                  render: (r) => <When value={r.createdAt} />,
                },
                {
                  key: 'login',
                  label: t('ag_col_last_login'),
                  wideOnly: true,
                  render: (r) => <When value={r.lastLoginAt} />,
                },
                {
                  key: 'actions',
                  label: t('ag_col_actions'),
                  render: (r) =>
                    r.direct ? (
                      <span className="ag-row-actions">
                        <Button
                          size="sm"
                          variant="outline"
                          leadingIcon={<Icon name="wallet" size={14} />}
                          onClick={() => setTransfer({ id: r.id, account: r.account })}
                          data-testid={`ag-transfer-${r.account}`}
                        >
                          {t('ag_transfer')}
                        </Button>
                        {r.isAgent ? (
                          <Button
                            size="sm"
                            variant="outline"
                            leadingIcon={<Icon name="receipt" size={14} />}
                            onClick={() => setContracts({ id: r.id, account: r.account })}
                            data-testid={`ag-contracts-${r.account}`}
                          >
                            {t('ag_contracts')}
                          </Button>
                        ) : null}
                        {r.oneTimePasswordPending ? newPasswordButton(r) : null}
                      </span>
                    ) : r.oneTimePasswordPending ? (
                      newPasswordButton(r)
                    ) : (
                      <span className="ag-muted">—</span>
                    ),
                },
              ]}
            />
            <Pager page={v.pageNum} totalPages={v.totalPages} total={v.total} onPage={setPage} />
          </>
        )}
      </QueryView>
      <RedEnvelopeList />
      {transfer ? <TransferModal downline={transfer} onClose={() => setTransfer(null)} /> : null}
      {newPassword ? <NewPasswordModal downline={newPassword} onClose={() => setNewPassword(null)} /> : null}
      {contracts ? <DownlineContractsModal downline={contracts} onClose={() => setContracts(null)} /> : null}
    </div>
  );
}
