import type { ContractTerms } from '@app/contract';
import { useState } from 'react';
import { Button, Icon, Modal } from '../../../components/ui/index.ts';
import { useContracts } from '../api/contracts.ts';
import { useAgentText } from '../hooks/useAgentText.ts';
import { Badge, KindLabel, When } from './Bits.tsx';
import { ContractModal, STATUS_TONE } from './contract/ContractModal.tsx';
import { OfferContractModal } from './contract/OfferContractModal.tsx';
import { QueryView } from './QueryView.tsx';

/** The contracts between the agent and one direct downline: view them, or offer a new one. */
export function DownlineContractsModal({
  downline,
  onClose,
}: {
  downline: { id: number; account: string };
  onClose: () => void;
}) {
  const { t } = useAgentText();
  const given = useContracts({ role: 'given', downlineId: downline.id, pageSize: 50 });
  const mine = useContracts({ role: 'received', status: 'active', pageSize: 10 });
  const [view, setView] = useState<number | null>(null);
  const [offering, setOffering] = useState(false);
  const own: ContractTerms[] = (mine.data?.list ?? []).map((c) => c.terms);
  if (view !== null) return <ContractModal id={view} onClose={() => setView(null)} />;
  if (offering)
    return <OfferContractModal downline={downline} own={own} onClose={() => setOffering(false)} onOffered={setView} />;
  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      testId="ag-downline-contracts"
      title={t('ag_ct_with', { account: downline.account })}
    >
      <QueryView
        query={given}
        isEmpty={(v) => v.list.length === 0}
        empty={<p className="ag-note">{t('ag_ct_none_given')}</p>}
        rows={2}
      >
        {(v) => (
          <ul className="ag-list">
            {v.list.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="ag-list__item"
                  onClick={() => setView(c.id)}
                  data-testid={`ag-contract-${c.id}`}
                >
                  <span>
                    <KindLabel kind={c.kind} /> · #{c.id}
                  </span>
                  <Badge tone={STATUS_TONE[c.status]}>{t(`ag_ct_status_${c.status}`)}</Badge>
                  <span className="ag-muted">
                    <When value={c.activeFrom ?? c.createdAt} />
                  </span>
                  <Icon name="chevronRight" size={16} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <div className="ag-actions">
        <Button
          onClick={() => setOffering(true)}
          disabled={mine.isPending}
          leadingIcon={<Icon name="sparkle" size={16} />}
          data-testid="ag-offer-open"
        >
          {t('ag_ct_offer')}
        </Button>
      </div>
    </Modal>
  );
}
