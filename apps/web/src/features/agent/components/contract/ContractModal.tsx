import type { ContractActionName } from '@app/contract';
import { useState } from 'react';
import { Button, Icon, Modal, Spinner } from '../../../../components/ui/index.ts';
import { isApiError } from '../../../../lib/api/index.ts';
import { showToast } from '../../../../lib/ui/index.ts';
import { useContract } from '../../api/contract.ts';
import { useContractAction } from '../../api/contractAction.ts';
import { useAgentText } from '../../hooks/useAgentText.ts';
import { Badge, KindLabel, When } from '../Bits.tsx';
import { errorText } from '../QueryView.tsx';
import { TermsTable } from './TermsTable.tsx';

type Affected = { contractId: number; kind: string; upline: string; downline: string; reason: string }[];
export const STATUS_TONE: Record<string, 'good' | 'warn' | 'bad' | 'info' | 'neutral'> = {
  offered: 'info',
  active: 'good',
  terminating: 'warn',
  rejected: 'bad',
  withdrawn: 'neutral',
  terminated: 'neutral',
};
const DANGER = new Set<ContractActionName>(['reject', 'withdraw', 'requestTermination', 'agreeTermination']);

/** One contract: parties, terms, history and the answers open to the viewer (spec §4 contract modal). */
export function ContractModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useAgentText();
  const query = useContract(id);
  const act = useContractAction();
  const [confirm, setConfirm] = useState<{ action: ContractActionName; affected: Affected } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: ContractActionName, confirmCascade = false) => {
    setError(null);
    try {
      await act.mutateAsync({ body: { contractId: id, action, confirmCascade } });
      setConfirm(null);
      showToast(t('ag_ct_done'), 'success');
      await query.refetch();
    } catch (err) {
      if (isApiError(err) && err.code === 'CONTRACT_CASCADE_CONFIRM') {
        setConfirm({ action, affected: (err.value as { affected: Affected }).affected });
        return;
      }
      setError(errorText(t, err));
    }
  };

  const c = query.data;
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      testId="ag-contract-modal"
      title={
        c ? (
          <>
            <KindLabel kind={c.kind} /> · #{c.id}
          </>
        ) : (
          t('ag_ct_view')
        )
      }
    >
      {!c ? (
        query.isError ? (
          <p role="alert">{errorText(t, query.error)}</p>
        ) : (
          <Spinner />
        )
      ) : (
        <div className="ag-contract">
          <dl className="ag-dl">
            <div>
              <dt>{t('ag_ct_status')}</dt>
              <dd>
                <Badge tone={STATUS_TONE[c.status]}>
                  <span data-testid="ag-contract-status">{t(`ag_ct_status_${c.status}`)}</span>
                </Badge>
              </dd>
            </div>
            <div>
              <dt>{t('ag_ct_upline')}</dt>
              <dd>{c.upline ? c.upline.account : t('ag_ct_house')}</dd>
            </div>
            <div>
              <dt>{t('ag_ct_downline')}</dt>
              <dd>{c.downline.account}</dd>
            </div>
            <div>
              <dt>{t('ag_ct_payer')}</dt>
              <dd>{t(`ag_ct_payer_${c.payer}`)}</dd>
            </div>
            <div>
              <dt>{t('ag_ct_active_from')}</dt>
              <dd>
                <When value={c.activeFrom} />
              </dd>
            </div>
            {c.endedAt ? (
              <div>
                <dt>{t('ag_ct_ended')}</dt>
                <dd>
                  <When value={c.endedAt} /> {c.endReason ? `(${t(`ag_ct_reason_${c.endReason}`)})` : null}
                </dd>
              </div>
            ) : null}
            {c.terminationRequestedBy ? (
              <div>
                <dt>{t('ag_ct_termination_by')}</dt>
                <dd>{t(`ag_ct_${c.terminationRequestedBy}`)}</dd>
              </div>
            ) : null}
          </dl>
          {c.note ? <p className="ag-note">“{c.note}”</p> : null}
          <TermsTable terms={c.terms} />
          {confirm ? (
            <div className="ag-confirm" role="alertdialog" aria-labelledby="ag-cascade-title" data-testid="ag-cascade">
              <p id="ag-cascade-title" className="ag-confirm__title">
                <Icon name="alert" size={18} /> {t('ag_ct_cascade_title')}
              </p>
              <p>{t('ag_ct_cascade_text')}</p>
              <ul>
                {confirm.affected.map((a) => (
                  <li key={a.contractId}>
                    #{a.contractId} <KindLabel kind={a.kind} />: {a.upline} → {a.downline} (
                    {t(`ag_ct_reason_${a.reason}` as never)})
                  </li>
                ))}
              </ul>
              <div className="ag-actions">
                <Button variant="ghost" onClick={() => setConfirm(null)}>
                  {t('ag_cancel')}
                </Button>
                <Button
                  variant="danger"
                  loading={act.isPending}
                  onClick={() => void run(confirm.action, true)}
                  data-testid="ag-cascade-confirm"
                >
                  {t('ag_ct_cascade_confirm')}
                </Button>
              </div>
            </div>
          ) : null}
          {error ? (
            <p className="ag-form__error" role="alert">
              {error}
            </p>
          ) : null}
          {c.actions.length && !confirm ? (
            <div className="ag-actions">
              {c.actions.map((a) => (
                <Button
                  key={a}
                  variant={DANGER.has(a) ? 'outline' : 'primary'}
                  loading={act.isPending && act.variables?.body?.action === a}
                  onClick={() => void run(a)}
                  data-testid={`ag-ct-${a}`}
                >
                  {t(`ag_ct_action_${a}`)}
                </Button>
              ))}
            </div>
          ) : null}
          <details className="ag-history">
            <summary>{t('ag_ct_history')}</summary>
            <ol>
              {c.events.map((e, i) => (
                <li key={i}>
                  <When value={e.at} /> · {t(`ag_ct_${e.actor}`)} · {t(`ag_ct_event_${e.action}` as never)} →{' '}
                  {t(`ag_ct_status_${e.toStatus}`)}
                </li>
              ))}
            </ol>
          </details>
        </div>
      )}
    </Modal>
  );
}
