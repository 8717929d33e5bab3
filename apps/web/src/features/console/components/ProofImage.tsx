import { feedbackOperatorRoutes } from '@app/contract/routes/messages';
import { promotionOperatorRoutes } from '@app/contract/routes/promotion';
import { uploadRoutes } from '@app/contract/routes/upload';
import { useEffect, useState } from 'react';
import { Button, Modal } from '../../../components/ui/index.ts';
import { downloadFile } from '../../../lib/api/index.ts';
import { operatorApi, useOperatorSession } from '../api/client.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';

/**
 * A member's proof image, fetched with the operator's token and shown in a dialog. Only money staff
 * (finance, admin) may read proofs (decision 054); other roles see that there is one.
 */
export function ProofImage({ uploadId, t }: { uploadId: string; t: ConsoleT }) {
  const role = useOperatorSession()?.role;
  if (role !== 'finance' && role !== 'admin') return <span className="console-muted">{t('cs_proof_attached')}</span>;
  return <ProofButton uploadId={uploadId} t={t} />;
}

/** A member's feedback image (issue 20): the feedback desk's roles read these, not payment proofs. */
export function FeedbackImage({ uploadId, n, t }: { uploadId: string; n: number; t: ConsoleT }) {
  return <ProofButton uploadId={uploadId} t={t} route={feedbackOperatorRoutes.image} label={t('fd_image', { n })} />;
}

/** An activity application's image (decision 086): the promotions desk's roles read these. */
export function ApplicationImage({ uploadId, n, t }: { uploadId: string; n: number; t: ConsoleT }) {
  return <ProofButton uploadId={uploadId} t={t} route={promotionOperatorRoutes.image} label={t('ap_image', { n })} />;
}

function ProofButton({
  uploadId,
  t,
  route = uploadRoutes.operatorRead,
  label,
}: {
  uploadId: string;
  t: ConsoleT;
  route?: typeof uploadRoutes.operatorRead | typeof feedbackOperatorRoutes.image | typeof promotionOperatorRoutes.image;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    if (!open || url) return;
    let revoked: string | null = null;
    downloadFile(operatorApi, route, { params: { id: uploadId } }).then(
      (blob) => {
        const u = URL.createObjectURL(blob);
        revoked = u;
        setUrl(u);
      },
      () => setError(true),
    );
    return () => {
      if (revoked && !open) URL.revokeObjectURL(revoked);
    };
  }, [open, uploadId, url, route]);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} data-testid={`proof-${uploadId}`}>
        {label ?? t('cs_view_proof')}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={label ?? t('cs_proof')} size="lg">
        {error ? (
          <p role="alert">{t('cs_proof_failed')}</p>
        ) : url ? (
          <img className="console-proof" src={url} alt={label ?? t('cs_proof')} />
        ) : (
          <p>{t('cs_loading')}</p>
        )}
      </Modal>
    </>
  );
}
