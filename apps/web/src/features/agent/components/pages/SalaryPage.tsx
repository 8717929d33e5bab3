import type { ContractKind } from '@app/contract';
import { useState } from 'react';
import { Button, Icon, Tabs } from '../../../../components/ui/index.ts';
import { useContracts } from '../../api/contracts.ts';
import { useSettlements } from '../../api/settlements.ts';
import { useAgentText } from '../../hooks/useAgentText.ts';
import { Badge, KindLabel, Money, Period, Section, When } from '../Bits.tsx';
import { ContractModal, STATUS_TONE } from '../contract/ContractModal.tsx';
import { TermsTable } from '../contract/TermsTable.tsx';
import { DataTable } from '../DataTable.tsx';
import { Pager } from '../Pager.tsx';
import { QueryView } from '../QueryView.tsx';
import { SettlementDetailModal } from '../SettlementDetailModal.tsx';

function MyContract({ kind, onOpen }: { kind: ContractKind; onOpen: (id: number) => void }) {
  const { t } = useAgentText();
  const q = useContracts({ role: 'received', kind, status: 'open', pageSize: 5 });
  return (
    <Section title={t('ag_ct_mine')} testId="ag-my-contract">
      <QueryView
        query={q}
        rows={2}
        isEmpty={(v) => v.list.length === 0}
        empty={<p className="ag-muted">{t('ag_ct_none')}</p>}
      >
        {(v) => (
          <div className="ag-contracts">
            {v.list.map((c) => (
              <article key={c.id} className="ag-contract-card" data-testid={`ag-my-contract-${c.status}`}>
                <header>
                  <strong>
                    <KindLabel kind={c.kind} /> #{c.id}
                  </strong>
                  <Badge tone={STATUS_TONE[c.status]}>{t(`ag_ct_status_${c.status}`)}</Badge>
                  <span className="ag-muted">
                    {t('ag_ct_upline')}: {c.upline ? c.upline.account : t('ag_ct_house')} · {t('ag_ct_payer')}:{' '}
                    {t(`ag_ct_payer_${c.payer}`)}
                  </span>
                  <Button
                    size="sm"
                    variant={c.actions.includes('accept') ? 'primary' : 'outline'}
                    onClick={() => onOpen(c.id)}
                    data-testid={`ag-open-contract-${c.id}`}
                  >
                    {c.actions.includes('accept') ? t('ag_review') : t('ag_details')}
                  </Button>
                </header>
                <TermsTable terms={c.terms} />
              </article>
            ))}
          </div>
        )}
      </QueryView>
    </Section>
  );
}

function GivenContracts({ kind, onOpen }: { kind: ContractKind; onOpen: (id: number) => void }) {
  const { t } = useAgentText();
  const [page, setPage] = useState(1);
  const q = useContracts({ role: 'given', kind, page, pageSize: 10 });
  if (q.data && q.data.total === 0) return null;
  return (
    <Section title={t('ag_ct_given')} testId="ag-given-contracts">
      <QueryView query={q} rows={2}>
        {(v) => (
          <>
            <DataTable
              caption={t('ag_ct_given')}
              rows={v.list}
              rowKey={(c) => c.id}
              columns={[
                { key: 'id', label: '#', render: (c) => c.id },
                { key: 'down', label: t('ag_ct_downline'), render: (c) => c.downline.account },
                {
                  key: 'status',
                  label: t('ag_col_status'),
                  render: (c) => <Badge tone={STATUS_TONE[c.status]}>{t(`ag_ct_status_${c.status}`)}</Badge>,
                },
                {
                  key: 'from',
                  label: t('ag_ct_active_from'),
                  wideOnly: true,
                  render: (c) => <When value={c.activeFrom} />,
                },
                {
                  key: 'open',
                  label: t('ag_col_actions'),
                  render: (c) => (
                    <Button size="sm" variant="ghost" onClick={() => onOpen(c.id)} data-testid={`ag-given-${c.id}`}>
                      {c.actions.some((a) => a === 'accept' || a === 'agreeTermination')
                        ? t('ag_review')
                        : t('ag_details')}
                    </Button>
                  ),
                },
              ]}
            />
            <Pager page={v.pageNum} totalPages={v.totalPages} total={v.total} onPage={setPage} />
          </>
        )}
      </QueryView>
    </Section>
  );
}

/**
 * agentDividendRecordCopy2, agentDailyWages2, agentHourSalary, agentRealtimeSalary: the agent's
 * own contract of the kind, the records paid to it or by it, and the contracts it gave.
 */
export function SalaryPage({ kind }: { kind: ContractKind }) {
  const { t } = useAgentText();
  const [role, setRole] = useState<'received' | 'paid'>('received');
  const [page, setPage] = useState(1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [contract, setContract] = useState<number | null>(null);
  const [record, setRecord] = useState<number | null>(null);
  const q = useSettlements({ kind, role, page, pageSize: 20, ...(from ? { from } : {}), ...(to ? { to } : {}) });
  return (
    <div className="ag-page" data-testid={`ag-salary-${kind}`}>
      <MyContract kind={kind} onOpen={setContract} />
      <Section title={t('ag_st_records')} testId="ag-records">
        <Tabs
          label={t('ag_st_records')}
          value={role}
          onChange={(r) => {
            setRole(r);
            setPage(1);
          }}
          variant="underline"
          items={[
            { id: 'received', label: t('ag_st_received') },
            { id: 'paid', label: t('ag_st_paid') },
          ]}
        />
        <div className="ag-filters">
          <label className="ag-select">
            <span className="ag-select__label">{t('ag_from')}</span>
            <input
              type="date"
              value={from}
              onChange={(e) => {
                setFrom(e.target.value);
                setPage(1);
              }}
            />
          </label>
          <label className="ag-select">
            <span className="ag-select__label">{t('ag_to')}</span>
            <input
              type="date"
              value={to}
              onChange={(e) => {
                setTo(e.target.value);
                setPage(1);
              }}
            />
          </label>
          {from || to ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setFrom('');
                setTo('');
              }}
            >
              {t('ag_reset')}
            </Button>
          ) : null}
        </div>
        <QueryView query={q} isEmpty={(v) => v.list.length === 0}>
          {(v) => (
            <>
              <p className="ag-note">
                {t('ag_st_total')}{' '}
                <strong data-testid="ag-st-total">
                  <Money value={v.totalAmount} />
                </strong>
              </p>
              <DataTable
                caption={t('ag_st_records')}
                testId="ag-st-table"
                rows={v.list}
                rowKey={(s) => s.id}
                columns={[
                  {
                    key: 'period',
                    label: t('ag_st_period'),
                    render: (s) => (
                      <span className="ag-account">
                        <strong>
                          <Period start={s.periodStart} end={s.periodEnd} />
                        </strong>
                        <span className="ag-muted">
                          <KindLabel kind={s.kind} />
                        </span>
                      </span>
                    ),
                  },
                  {
                    key: 'who',
                    label: role === 'received' ? t('ag_st_payer') : t('ag_st_beneficiary'),
                    render: (s) =>
                      role === 'received' ? (s.payer ? s.payer.account : t('ag_ct_house')) : s.beneficiary.account,
                  },
                  {
                    key: 'amount',
                    label: t('ag_st_amount'),
                    align: 'end',
                    render: (s) => (
                      <span data-testid="ag-st-row-amount">
                        <Money value={s.amount} />
                      </span>
                    ),
                  },
                  {
                    key: 'status',
                    label: t('ag_col_status'),
                    render: (s) => (
                      <Badge tone={s.status === 'paid' ? 'good' : s.status === 'zero' ? 'neutral' : 'warn'}>
                        {t(`ag_st_status_${s.status}`)}
                      </Badge>
                    ),
                  },
                  { key: 'paid', label: t('ag_st_paid_at'), wideOnly: true, render: (s) => <When value={s.paidAt} /> },
                  {
                    key: 'open',
                    label: t('ag_col_actions'),
                    render: (s) => (
                      <Button
                        size="sm"
                        variant="ghost"
                        leadingIcon={<Icon name="info" size={14} />}
                        onClick={() => setRecord(s.id)}
                        data-testid={`ag-st-open-${s.id}`}
                      >
                        {t('ag_details')}
                      </Button>
                    ),
                  },
                ]}
              />
              <Pager page={v.pageNum} totalPages={v.totalPages} total={v.total} onPage={setPage} />
            </>
          )}
        </QueryView>
      </Section>
      <GivenContracts kind={kind} onOpen={setContract} />
      {contract !== null ? <ContractModal id={contract} onClose={() => setContract(null)} /> : null}
      {record !== null ? <SettlementDetailModal id={record} onClose={() => setRecord(null)} /> : null}
    </div>
  );
}
