import { useState } from 'react';
import { Button, Icon, Modal, Spinner } from '../../../components/ui/index.ts';
import { useClaimRedEnvelope } from '../api/claimRedEnvelope.ts';
import { useMemberRedEnvelopes } from '../api/memberRedEnvelopes.ts';
import { useAgentText } from '../hooks/useAgentText.ts';
import { Money, When } from './Bits.tsx';
import { QueryView, errorText } from './QueryView.tsx';
import '../agent-pages.css';

/** Red envelopes from the member's upline: open each once to receive its share. */
export function RedEnvelopeInboxModal({ onClose }: { onClose: () => void }) {
  const { t, ready } = useAgentText();
  const list = useMemberRedEnvelopes({ page: 1, pageSize: 20 });
  const claim = useClaimRedEnvelope();
  const [result, setResult] = useState<{ id: number; text: string; ok: boolean } | null>(null);
  if (!ready)
    return (
      <Modal open onClose={onClose} title="…">
        <Spinner />
      </Modal>
    );
  const open = async (id: number) => {
    try {
      const r = await claim.mutateAsync({ body: { id } });
      setResult({ id, ok: true, text: r.amount });
    } catch (err) {
      setResult({ id, ok: false, text: errorText(t, err) });
    }
  };
  return (
    <Modal open onClose={onClose} size="sm" title={t('ag_re_inbox')} testId="red-envelope-inbox">
      <QueryView query={list} isEmpty={(v) => v.list.length === 0} rows={2}>
        {(v) => (
          <ul className="ag-envelopes">
            {v.list.map((e) => (
              <li key={e.id} className="ag-envelope">
                <span className="ag-envelope__icon" aria-hidden="true">
                  <Icon name="gift" size={28} />
                </span>
                <div className="ag-envelope__text">
                  <strong>{t('ag_re_from', { account: e.sender.nickname || e.sender.account })}</strong>
                  <span>{e.message || t('ag_re_no_message')}</span>
                  <span className="ag-muted ag-small">
                    {t('ag_re_expires_at')} <When value={e.expiresAt} />
                  </span>
                  {result?.id === e.id ? (
                    <span role="status" className={result.ok ? 'ag-pos' : 'ag-neg'} data-testid="red-envelope-result">
                      {result.ok ? (
                        <>
                          {t('ag_re_opened')} <Money value={result.text} />
                        </>
                      ) : (
                        result.text
                      )}
                    </span>
                  ) : null}
                </div>
                {e.myClaim !== null ? (
                  <span className="ag-pos">
                    <Money value={e.myClaim} />
                  </span>
                ) : e.status === 'open' ? (
                  <Button
                    size="sm"
                    loading={claim.isPending && claim.variables?.body?.id === e.id}
                    onClick={() => void open(e.id)}
                    data-testid={`red-envelope-open-${e.id}`}
                  >
                    {t('ag_re_open')}
                  </Button>
                ) : (
                  <span className="ag-muted">{t(`ag_re_status_${e.status}`)}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Modal>
  );
}
