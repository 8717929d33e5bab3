import { useId, useState } from 'react';
import { Icon, Spinner } from '../../../components/ui/index.ts';
import { checkImage, uploadImage, type UploadPurpose } from '../api/uploadImage.ts';
import type { WalletT } from '../hooks/useWalletText.ts';

/**
 * A proof image (png or jpg, at most 5 MB — spec §5, §8), checked here by its bytes before it is
 * sent and again by the server. Reports the upload's id.
 */
export function ProofUpload({
  purpose,
  onUploaded,
  required = false,
  t,
  testId = 'proof-upload',
  error,
}: {
  purpose: UploadPurpose;
  onUploaded: (id: string | null) => void;
  required?: boolean;
  t: WalletT;
  testId?: string;
  error?: string | undefined;
}) {
  const inputId = useId();
  const [state, setState] = useState<{ name: string; busy: boolean; error: string | null; done: boolean }>({
    name: '',
    busy: false,
    error: null,
    done: false,
  });

  const onFile = async (file: File | undefined) => {
    onUploaded(null);
    if (!file) return setState({ name: '', busy: false, error: null, done: false });
    const problem = await checkImage(file);
    if (problem)
      return setState({
        name: file.name,
        busy: false,
        error: t(problem === 'tooLarge' ? 'wl_image_too_large' : 'wl_image_bad_type'),
        done: false,
      });
    setState({ name: file.name, busy: true, error: null, done: false });
    try {
      const up = await uploadImage(file, purpose);
      onUploaded(up.id);
      setState({ name: file.name, busy: false, error: null, done: true });
    } catch (e) {
      setState({ name: file.name, busy: false, error: (e as Error).message || t('wl_upload_failed'), done: false });
    }
  };

  const shown = state.error ?? error;
  return (
    <div className={`field wallet-proof${shown ? ' field--invalid' : ''}`}>
      <label htmlFor={inputId} className="field__label">
        {t('wl_proof_image')}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <label className="wallet-proof__drop" htmlFor={inputId}>
        {state.busy ? <Spinner size="sm" decorative /> : <Icon name={state.done ? 'check' : 'download'} size={18} />}
        <span>{state.name || t('wl_proof_choose')}</span>
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/png,image/jpeg"
        required={required}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${inputId}-hint`}
        onChange={(e) => void onFile(e.target.files?.[0])}
        data-testid={testId}
      />
      <p id={`${inputId}-hint`} className={shown ? 'field__error' : 'field__hint'} role={shown ? 'alert' : undefined}>
        {shown ?? t('wl_proof_hint')}
      </p>
    </div>
  );
}
