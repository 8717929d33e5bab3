import { type DEPOSIT_STATUSES } from '@app/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useConfirmDeposit } from '../api/confirmDeposit.ts';
import { useDepositList } from '../api/depositList.ts';
import { useRejectDeposit } from '../api/rejectDeposit.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { DeskTable, Filters, Pager, Status, Time } from './parts.tsx';
import { ProofImage } from './ProofImage.tsx';
import { PromptModal } from './PromptModal.tsx';

/** Deposits waiting for review: confirm a bank transfer (credits the wallet) or reject it with a reason. */
export function DepositsDesk({ t }: { t: ConsoleT }) {
  const { timezone } = useWhitelabel();
  const money = useBrandMoney();
  const [status, setStatus] = useState<'ALL' | (typeof DEPOSIT_STATUSES)[number]>('pending');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const q = useDepositList({ status, page, pageSize: 20, ...(username ? { username } : {}) });
  const confirm = useConfirmDeposit();
  const reject = useRejectDeposit();
  return (
    <section aria-label={t('cs_deposits')}>
      <Filters
        statuses={['pending', 'credited', 'rejected', 'failed', 'ALL']}
        status={status}
        onStatus={(s) => {
          setStatus(s as typeof status);
          setPage(1);
        }}
        username={username}
        onUsername={(u) => {
          setUsername(u);
          setPage(1);
        }}
        t={t}
      />
      {confirm.error ? (
        <p className="field__error" role="alert">
          {confirm.error.message}
        </p>
      ) : null}
      <DeskTable
        testId="console-deposits"
        caption={t('cs_deposits')}
        columns={[
          { label: '#' },
          { label: t('cs_member') },
          { label: t('cs_channel') },
          { label: t('cs_amount'), numeric: true },
          { label: t('cs_reference') },
          { label: t('cs_time') },
          { label: t('cs_status') },
          { label: t('cs_actions') },
        ]}
        empty={Boolean(q.data && !q.data.list.length)}
        t={t}
      >
        {q.data?.list.map((d) => (
          <tr key={d.id} data-testid={`console-deposit-${d.id}`}>
            <td>{d.id}</td>
            <td>{d.username}</td>
            <td>{d.channelName}</td>
            <td className="console-num">{formatMoney(d.amount, money)}</td>
            <td>
              {d.reference ?? d.gatewayRef ?? '—'}{' '}
              {d.proofUploadId ? <ProofImage uploadId={d.proofUploadId} t={t} /> : null}
            </td>
            <td>
              <Time iso={d.createdAt} timeZone={timezone} />
            </td>
            <td>
              <Status value={d.status} t={t} />
              {d.reason ? <span className="console-muted"> {d.reason}</span> : null}
            </td>
            <td>
              <div className="console-actions">
                {d.status === 'pending' && d.kind === 'bank' ? (
                  <>
                    <Button
                      size="sm"
                      onClick={() => confirm.mutate(d.id)}
                      loading={confirm.isPending && confirm.variables === d.id}
                      data-testid={`confirm-deposit-${d.id}`}
                    >
                      {t('cs_confirm_deposit')}
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setRejecting(d.id)}>
                      {t('cs_reject')}
                    </Button>
                  </>
                ) : d.status === 'pending' ? (
                  <span className="console-muted">{t('cs_waiting_gateway')}</span>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </DeskTable>
      <Pager page={page} totalPages={q.data?.totalPages ?? 0} onPage={setPage} t={t} />
      {rejecting !== null ? (
        <PromptModal
          title={t('cs_reject_deposit', { id: rejecting })}
          label={t('cs_reason')}
          busy={reject.isPending}
          error={reject.error?.message ?? null}
          onClose={() => setRejecting(null)}
          onSubmit={(reason) => reject.mutate({ id: rejecting, reason }, { onSuccess: () => setRejecting(null) })}
          t={t}
        />
      ) : null}
    </section>
  );
}
