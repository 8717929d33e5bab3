import { DOWNLINE_TX_KINDS } from '@app/contract';
import { useState } from 'react';
import { Input, Tabs } from '../../../../components/ui/index.ts';
import { useAccountDetails } from '../../api/accountDetails.ts';
import { useDownlineTransactions } from '../../api/downlineTransactions.ts';
import { useAgentText } from '../../hooks/useAgentText.ts';
import { Badge, KindLabel, Money, Section, When } from '../Bits.tsx';
import { CopyButton } from '../Copy.tsx';
import { DataTable } from '../DataTable.tsx';
import { Pager } from '../Pager.tsx';
import { PeriodFilter, periodQuery, type PeriodValue } from '../PeriodFilter.tsx';
import { QueryView } from '../QueryView.tsx';

function DownlineTransactions() {
  const { t } = useAgentText();
  const [period, setPeriod] = useState<PeriodValue>({ period: 'today' });
  const [username, setUsername] = useState('');
  const [kind, setKind] = useState('');
  const [applied, setApplied] = useState({ username: '', kind: '' });
  const [page, setPage] = useState(1);
  const query = useDownlineTransactions({
    ...periodQuery(period),
    page,
    pageSize: 20,
    ...(applied.username ? { username: applied.username } : {}),
    ...(applied.kind ? { kind: applied.kind as 'deposit' } : {}),
  });
  return (
    <>
      <PeriodFilter
        value={period}
        onChange={(p) => {
          setPeriod(p);
          setApplied({ username: username.trim(), kind });
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
          <span className="ag-select__label">{t('ag_col_kind')}</span>
          <select value={kind} onChange={(e) => setKind(e.target.value)} data-testid="ag-tx-kind">
            <option value="">{t('ag_all')}</option>
            {DOWNLINE_TX_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`ag_tx_${k}`)}
              </option>
            ))}
          </select>
        </label>
      </PeriodFilter>
      <QueryView query={query} isEmpty={(v) => v.list.length === 0}>
        {(v) => (
          <>
            <DataTable
              caption={t('ag_tx_caption')}
              testId="ag-tx-table"
              rows={v.list}
              rowKey={(r) => r.id}
              columns={[
                { key: 'time', label: t('ag_col_time'), render: (r) => <When value={r.createdAt} /> },
                { key: 'account', label: t('ag_col_account'), render: (r) => <strong>{r.account}</strong> },
                {
                  key: 'kind',
                  label: t('ag_col_kind'),
                  render: (r) => (
                    <span title={r.kind}>
                      <Badge>{t(`ag_tx_${r.category}`)}</Badge>
                    </span>
                  ),
                },
                {
                  key: 'amount',
                  label: t('ag_amount'),
                  align: 'end',
                  render: (r) => <Money value={r.amount} signed />,
                },
                {
                  key: 'after',
                  label: t('ag_col_balance_after'),
                  align: 'end',
                  render: (r) => <Money value={r.balanceAfter} />,
                },
                {
                  key: 'ref',
                  label: t('ag_col_reference'),
                  wideOnly: true,
                  render: (r) => (r.reference ? <code className="ag-code-sm">{r.reference}</code> : '—'),
                },
              ]}
            />
            <Pager page={v.pageNum} totalPages={v.totalPages} total={v.total} onPage={setPage} />
          </>
        )}
      </QueryView>
    </>
  );
}

function AccountDetails() {
  const { t } = useAgentText();
  const query = useAccountDetails();
  return (
    <QueryView query={query} rows={5}>
      {(a) => (
        <Section title={t('ag_acc_title')} testId="ag-account">
          <dl className="ag-dl ag-dl--grid">
            <div>
              <dt>{t('ag_acc_id')}</dt>
              <dd>{a.id}</dd>
            </div>
            <div>
              <dt>{t('ag_col_account')}</dt>
              <dd data-testid="ag-acc-account">{a.account}</dd>
            </div>
            <div>
              <dt>{t('ag_acc_nickname')}</dt>
              <dd>{a.nickname ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('ag_type')}</dt>
              <dd>{t(`ag_type_${a.type}` as never)}</dd>
            </div>
            <div>
              <dt>{t('ag_ct_upline')}</dt>
              <dd>{a.upline ?? t('ag_ct_house')}</dd>
            </div>
            <div>
              <dt>{t('ag_reg_code')}</dt>
              <dd>
                {a.affiliateCode ?? '—'}{' '}
                {a.affiliateCode ? <CopyButton text={a.affiliateCode} label={t('ag_copy')} /> : null}
              </dd>
            </div>
            <div>
              <dt>{t('ag_col_balance')}</dt>
              <dd data-testid="ag-acc-balance">
                <Money value={a.balance} />
              </dd>
            </div>
            <div>
              <dt>{t('ag_ov_size')}</dt>
              <dd>
                {a.teamSize} ({t('ag_acc_direct', { count: a.directCount })})
              </dd>
            </div>
            <div>
              <dt>{t('ag_col_registered')}</dt>
              <dd>
                <When value={a.createdAt} />
              </dd>
            </div>
            <div>
              <dt>{t('ag_col_last_login')}</dt>
              <dd>
                <When value={a.lastLoginAt} />
              </dd>
            </div>
            <div>
              <dt>{t('ag_acc_timezone')}</dt>
              <dd>{a.timezone}</dd>
            </div>
          </dl>
          <h3 className="ag-subtitle">{t('ag_acc_contracts')}</h3>
          {a.contracts.length ? (
            <ul className="ag-chips">
              {a.contracts.map((c) => (
                <li key={c.id}>
                  <Badge tone={c.status === 'active' ? 'good' : 'info'}>
                    <KindLabel kind={c.kind} /> · {t(`ag_ct_status_${c.status}` as never)} ·{' '}
                    {t(`ag_ct_payer_${c.payer}` as never)}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="ag-muted">{t('ag_ct_none')}</p>
          )}
        </Section>
      )}
    </QueryView>
  );
}

/** agentDownlineTransactionDetailsCopy: the team's wallet movements, and the agent's own account details. */
export function TransactionsPage() {
  const { t } = useAgentText();
  const [tab, setTab] = useState<'transactions' | 'account'>('transactions');
  return (
    <div className="ag-page" data-testid="ag-transactions">
      <Tabs
        label={t('ag_tx_tabs')}
        value={tab}
        onChange={setTab}
        variant="underline"
        items={[
          { id: 'transactions', label: t('ag_tx_tab_downlines') },
          { id: 'account', label: t('ag_tx_tab_account') },
        ]}
      />
      {tab === 'transactions' ? <DownlineTransactions /> : <AccountDetails />}
    </div>
  );
}
