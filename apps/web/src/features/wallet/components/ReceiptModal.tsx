import { useState } from 'react';
import { Button, Input, Modal } from '../../../components/ui/index.ts';
import { useConfirmReceipt } from '../api/confirmReceipt.ts';
import { formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import type { WalletT } from '../hooks/useWalletText.ts';
import { ProofUpload } from './ProofUpload.tsx';

type Result = 'received' | 'partly_received' | 'not_received';

/**
 * The member's answer once a withdrawal is paid (spec §3, §4): received, partly received (with what
 * arrived; the rest is the remaining amount) or not received (a proof image is required).
 */
export function ReceiptModal({
  withdrawal,
  onClose,
  t,
}: {
  withdrawal: { id: number; amount: string } | null;
  onClose: () => void;
  t: WalletT;
}) {
  const money = useBrandMoney();
  const confirm = useConfirmReceipt();
  const [result, setResult] = useState<Result>('received');
  const [received, setReceived] = useState('');
  const [proof, setProof] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ receivedAmount?: string; proofUploadId?: string; form?: string }>({});
  if (!withdrawal) return null;

  const receivedMinor = result === 'partly_received' ? parseMoney(received, money) : null;
  const remaining =
    receivedMinor && BigInt(receivedMinor) < BigInt(withdrawal.amount)
      ? (BigInt(withdrawal.amount) - BigInt(receivedMinor)).toString()
      : null;

  const submit = () => {
    const e: typeof errors = {};
    if (result === 'partly_received' && (!receivedMinor || !remaining)) e.receivedAmount = t('wl_partly_invalid');
    if (result === 'not_received' && !proof) e.proofUploadId = t('wl_proof_required');
    setErrors(e);
    if (Object.keys(e).length) return;
    confirm.mutate(
      {
        params: { id: withdrawal.id },
        body: {
          result,
          ...(receivedMinor ? { receivedAmount: receivedMinor } : {}),
          ...(proof && result !== 'received' ? { proofUploadId: proof } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      },
      {
        onSuccess: () => onClose(),
        onError: (err) =>
          setErrors({ ...err.fields, ...(Object.keys(err.fields).length ? {} : { form: err.message }) }),
      },
    );
  };

  const options: Result[] = ['received', 'partly_received', 'not_received'];
  return (
    <Modal
      open
      onClose={onClose}
      title={t('wl_receipt_title')}
      description={t('wl_receipt_info', { amount: formatMoney(withdrawal.amount, money) })}
      testId="receipt-modal"
      footer={
        <Button block onClick={submit} loading={confirm.isPending} data-testid="receipt-submit">
          {t('wl_receipt_send')}
        </Button>
      }
    >
      <fieldset className="wallet-options">
        <legend className="visually-hidden">{t('wl_receipt_title')}</legend>
        {options.map((o) => (
          <label key={o} className={`wallet-option${result === o ? ' wallet-option--on' : ''}`}>
            <input
              type="radio"
              name="receipt"
              value={o}
              checked={result === o}
              onChange={() => setResult(o)}
              data-testid={`receipt-${o}`}
            />
            <span>{t(`wl_receipt_${o}`)}</span>
          </label>
        ))}
      </fieldset>
      {result === 'partly_received' ? (
        <>
          <Input
            label={t('wl_received_amount')}
            inputMode="decimal"
            value={received}
            onChange={(e) => setReceived(e.target.value)}
            error={errors.receivedAmount}
            trailing={<span className="wallet-amount__symbol">{money.symbol}</span>}
            required
            data-testid="receipt-received-amount"
          />
          <p className="wallet-muted" data-testid="receipt-remaining">
            {t('wl_remaining_amount')}: {remaining ? formatMoney(remaining, money) : '—'}
          </p>
        </>
      ) : null}
      {result !== 'received' ? (
        <ProofUpload
          purpose="withdrawal_proof"
          onUploaded={setProof}
          required={result === 'not_received'}
          error={errors.proofUploadId}
          t={t}
          testId="receipt-proof"
        />
      ) : null}
      {result !== 'received' ? (
        <Input label={t('wl_note')} value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
      ) : null}
      {errors.form ? (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      ) : null}
    </Modal>
  );
}
