import { type WITHDRAWAL_STATUSES, type ResponseOf, type withdrawalOperatorEndpoints } from '@app/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useApproveWithdrawal } from '../api/approveWithdrawal.ts';
import { useMarkPaid } from '../api/markPaid.ts';
import { useRejectWithdrawal } from '../api/rejectWithdrawal.ts';
import { useResolveCase } from '../api/resolveCase.ts';
import { useWithdrawalList } from '../api/withdrawalList.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { DeskTable, Filters, Pager, Status, Time } from './parts.tsx';
import { ProofImage } from './ProofImage.tsx';
import { PromptModal } from './PromptModal.tsx';

type Row = ResponseOf<typeof withdrawalOperatorEndpoints.list>['list'][number];
type Action = { kind: 'reject' | 'paid' | 'resolve'; row: Row } | null;
type Resolution = 'refunded' | 'repaid' | 'dismissed';

/**
 * Withdrawals: approve or reject (the money goes back), mark paid (the receipt clock starts), and
 * resolve partly-received or not-received cases (refund what is missing, record a repayment, or
 * dismiss the claim). `cases` opens on the open cases.
 */
export function WithdrawalsDesk({ t, cases = false }: { t: ConsoleT; cases?: boolean }) {
  const { timezone } = useWhitelabel();
  const money = useBrandMoney();
  const [status, setStatus] = useState<'ALL' | 'cases' | (typeof WITHDRAWAL_STATUSES)[number]>(
    cases ? 'cases' : 'pending',
  );
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action>(null);
  const [resolution, setResolution] = useState<Resolution>('refunded');
  const q = useWithdrawalList({ status, page, pageSize: 20, ...(username ? { username } : {}) });
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const paid = useMarkPaid();
  const resolve = useResolveCase();
  const busy = reject.isPending || paid.isPending || resolve.isPending;
  const failure = approve.error ?? reject.error ?? paid.error ?? resolve.error;
  const statuses = cases
    ? (['cases'] as const)
    : (['pending', 'approved', 'paid', 'completed', 'rejected', 'ALL'] as const);

  return (
    <section aria-label={cases ? t('cs_cases') : t('cs_withdrawals')}>
      <Filters
        statuses={statuses}
        status={status as (typeof statuses)[number]}
        onStatus={(s) => {
          setStatus(s);
          setPage(1);
        }}
        username={username}
        onUsername={(u) => {
          setUsername(u);
          setPage(1);
        }}
        t={t}
      />
      {failure && !action ? (
        <p className="field__error" role="alert">
          {failure.message}
        </p>
      ) : null}
      <DeskTable
        testId={cases ? 'console-cases' : 'console-withdrawals'}
        caption={cases ? t('cs_cases') : t('cs_withdrawals')}
        columns={[
          { label: '#' },
          { label: t('cs_member') },
          { label: t('cs_bank') },
          { label: t('cs_amount'), numeric: true },
          { label: t('cs_time') },
          { label: t('cs_status') },
          { label: t('cs_actions') },
        ]}
        empty={Boolean(q.data && !q.data.list.length)}
        t={t}
      >
        {q.data?.list.map((w) => (
          <tr key={w.id} data-testid={`console-withdrawal-${w.id}`}>
            <td>{w.id}</td>
            <td>{w.username}</td>
            <td>
              {w.bank.bankName}
              <br />
              <span className="console-muted">
                {w.bank.accountName} · {w.accountNumber}
              </span>
            </td>
            <td className="console-num">{formatMoney(w.amount, money)}</td>
            <td>
              <Time iso={w.createdAt} timeZone={timezone} />
            </td>
            <td>
              <Status value={w.caseStatus === 'open' ? 'open' : w.status} t={t} />
              {w.receipt ? (
                <div className="console-muted">{t(`cs_receipt_${w.receipt}` as Parameters<ConsoleT>[0])}</div>
              ) : null}
              {w.receivedAmount && w.receipt !== 'received' && w.receipt !== 'auto_received' ? (
                <div className="console-muted">
                  {t('cs_received')}: {formatMoney(w.receivedAmount, money)} · {t('cs_remaining')}:{' '}
                  {formatMoney(w.remainingAmount ?? '0', money)}
                </div>
              ) : null}
              {w.note ? <div className="console-muted console-note">{w.note}</div> : null}
              {w.proofUploadId ? <ProofImage uploadId={w.proofUploadId} t={t} /> : null}
            </td>
            <td>
              <div className="console-actions">
                {w.status === 'pending' ? (
                  <Button
                    size="sm"
                    onClick={() => approve.mutate(w.id)}
                    loading={approve.isPending && approve.variables === w.id}
                    data-testid={`approve-${w.id}`}
                  >
                    {t('cs_approve')}
                  </Button>
                ) : null}
                {w.status === 'approved' ? (
                  <Button size="sm" onClick={() => setAction({ kind: 'paid', row: w })} data-testid={`paid-${w.id}`}>
                    {t('cs_mark_paid')}
                  </Button>
                ) : null}
                {w.status === 'pending' || w.status === 'approved' ? (
                  <Button size="sm" variant="danger" onClick={() => setAction({ kind: 'reject', row: w })}>
                    {t('cs_reject')}
                  </Button>
                ) : null}
                {w.caseStatus === 'open' ? (
                  <Button
                    size="sm"
                    onClick={() => setAction({ kind: 'resolve', row: w })}
                    data-testid={`resolve-${w.id}`}
                  >
                    {t('cs_resolve')}
                  </Button>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </DeskTable>
      <Pager page={page} totalPages={q.data?.totalPages ?? 0} onPage={setPage} t={t} />
      {action?.kind === 'reject' ? (
        <PromptModal
          title={t('cs_reject_withdrawal', { id: action.row.id })}
          label={t('cs_reason')}
          busy={busy}
          error={reject.error?.message ?? null}
          onClose={() => setAction(null)}
          onSubmit={(reason) => reject.mutate({ id: action.row.id, reason }, { onSuccess: () => setAction(null) })}
          t={t}
        />
      ) : null}
      {action?.kind === 'paid' ? (
        <PromptModal
          title={t('cs_mark_paid_title', { id: action.row.id, amount: formatMoney(action.row.amount, money) })}
          label={t('cs_payout_reference')}
          required={false}
          busy={busy}
          error={paid.error?.message ?? null}
          onClose={() => setAction(null)}
          onSubmit={(ref) =>
            paid.mutate(
              { id: action.row.id, ...(ref ? { payoutReference: ref } : {}) },
              { onSuccess: () => setAction(null) },
            )
          }
          t={t}
        />
      ) : null}
      {action?.kind === 'resolve' ? (
        <PromptModal
          title={t('cs_resolve_title', { id: action.row.id })}
          label={t('cs_note')}
          busy={busy}
          error={resolve.error?.message ?? null}
          onClose={() => setAction(null)}
          onSubmit={(note) =>
            resolve.mutate({ id: action.row.id, resolution, note }, { onSuccess: () => setAction(null) })
          }
          extra={
            <fieldset className="console-options">
              <legend>{t('cs_resolution')}</legend>
              {(['refunded', 'repaid', 'dismissed'] as const).map((r) => (
                <label key={r} className="console-option">
                  <input
                    type="radio"
                    name="resolution"
                    value={r}
                    checked={resolution === r}
                    onChange={() => setResolution(r)}
                    data-testid={`resolution-${r}`}
                  />
                  <span>
                    {t(`cs_resolution_${r}`)}
                    {r === 'refunded'
                      ? ` (${formatMoney(action.row.remainingAmount ?? action.row.amount, money)})`
                      : ''}
                  </span>
                </label>
              ))}
            </fieldset>
          }
          t={t}
        />
      ) : null}
    </section>
  );
}
