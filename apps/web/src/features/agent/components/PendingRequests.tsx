import { useState } from 'react';
import { Button, Icon } from '../../../components/ui/index.ts';
import { useConsolidatedFlags } from '../api/consolidated.ts';
import { useContracts } from '../api/contracts.ts';
import { useAgentText } from '../hooks/useAgentText.ts';
import { KindLabel } from './Bits.tsx';
import { ContractModal } from './contract/ContractModal.tsx';

/** Offers and termination requests waiting for the agent's answer, on every page (spec: contract modal). */
export function PendingRequests() {
  const { t } = useAgentText();
  const flags = useConsolidatedFlags();
  const waiting = (flags.data?.pendingRequests ?? 0) > 0;
  const received = useContracts({ role: 'received', status: 'open', pageSize: 20 }, waiting);
  const given = useContracts({ role: 'given', status: 'terminating', pageSize: 20 }, waiting);
  const [open, setOpen] = useState<number | null>(null);
  // The answered contract stays open after its request is gone from the banner.
  const modal =
    open !== null ? (
      <ContractModal
        id={open}
        onClose={() => {
          setOpen(null);
          void flags.refetch();
        }}
      />
    ) : null;
  if (!waiting) return modal;
  const items = [...(received.data?.list ?? []), ...(given.data?.list ?? [])].filter((c) =>
    c.actions.some((a) => a === 'accept' || a === 'agreeTermination'),
  );
  return (
    <div className="ag-pending" role="status" data-testid="ag-pending">
      <Icon name="info" size={18} />
      <span>{t('ag_pending', { count: flags.data!.pendingRequests })}</span>
      <span className="ag-pending__items">
        {items.map((c) => (
          <Button
            key={c.id}
            size="sm"
            variant="primary"
            onClick={() => setOpen(c.id)}
            data-testid={`ag-pending-${c.id}`}
          >
            <KindLabel kind={c.kind} /> #{c.id}
          </Button>
        ))}
      </span>
      {modal}
    </div>
  );
}
