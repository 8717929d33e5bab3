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

/** Where a desk's member images come from, and how each button is named ("Image 2"). */
const IMAGE_SOURCES = {
  /** Feedback (issue 20): the feedback desk's roles read these, not payment proofs. */
  feedback: { route: feedbackOperatorRoutes.image, label: 'fd_image' },
  /** An activity application's images (decision 086): the promotions desk's roles read these. */
  application: { route: promotionOperatorRoutes.image, label: 'ap_image' },
} as const;

/** A queue item's images, a button each that opens it; `emptyText` (if given) when there are none. */
export function ImageList({
  of,
  images,
  t,
  emptyText,
}: {
  of: keyof typeof IMAGE_SOURCES;
  images: readonly string[];
  t: ConsoleT;
  emptyText?: string;
}) {
  if (!images.length) return emptyText ? <span className="console-muted">{emptyText}</span> : null;
  const { route, label } = IMAGE_SOURCES[of];
  return (
    <div className="console-actions">
      {images.map((id, i) => (
        <ProofButton key={id} uploadId={id} t={t} route={route} label={t(label, { n: i + 1 })} />
      ))}
    </div>
  );
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
