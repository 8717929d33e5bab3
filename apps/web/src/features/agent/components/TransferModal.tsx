import { transferBody } from '@app/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Input, Modal } from '../../../components/ui/index.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useTransfer } from '../api/transfer.ts';
import { typedAmount } from '../../../lib/forms/amount.ts';
import { contractResolver } from '../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../lib/forms/messages.ts';
import { formatMoney, useBrandMoney, type Money } from '../../../lib/money/index.ts';
import { useAgentText } from '../hooks/useAgentText.ts';
import { newRequestId } from './Bits.tsx';
import { errorText } from './QueryView.tsx';

/** The transfer body as the agent types it: the amount as money text, read into minor units. */
const transferForm = (money: Pick<Money, 'exponent' | 'locale'>) =>
  transferBody
    .pick({ paymentPassword: true, remark: true })
    .extend({ amount: typedAmount(money, transferBody.shape.amount, 'ag_err_amount') });

/** Money from the agent's wallet to a direct downline; a retried submit moves it once (request id). */
export function TransferModal({
  downline,
  onClose,
}: {
  downline: { id: number; account: string };
  onClose: () => void;
}) {
  const { t } = useAgentText();
  const money = useBrandMoney();
  const transfer = useTransfer();
  const [requestId] = useState(newRequestId);
  const formMessages = useFormMessages();
  const { exponent, locale } = money;
  const resolver = useMemo(
    () => contractResolver(transferForm({ exponent, locale }), formMessages.message),
    [exponent, locale, formMessages],
  );
  const form = useForm({ resolver, defaultValues: { amount: '', paymentPassword: '', remark: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await transfer.mutateAsync({
        body: {
          downlineId: downline.id,
          amount: v.amount,
          paymentPassword: v.paymentPassword,
          requestId,
          remark: v.remark,
        },
      });
      showToast(
        t('ag_transfer_done', {
          amount: formatMoney(r.amount, money),
          account: r.downline,
          balance: formatMoney(r.balance, money),
        }),
        'success',
      );
      onClose();
    } catch (err) {
      const field = isApiError(err) ? Object.keys(err.fields)[0] : undefined;
      if (field === 'paymentPassword' || field === 'amount') form.setError(field, { message: errorText(t, err) });
      else form.setError('root', { message: errorText(t, err) });
    }
  });
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      testId="ag-transfer-modal"
      title={t('ag_transfer_title', { account: downline.account })}
    >
      <form className="ag-form" onSubmit={submit} noValidate>
        <Input
          label={t('ag_amount')}
          inputMode="decimal"
          autoComplete="off"
          required
          error={errors.amount?.message}
          data-testid="ag-transfer-amount"
          {...form.register('amount')}
        />
        <Input
          label={t('ag_payment_password')}
          type="password"
          revealable
          autoComplete="off"
          required
          error={errors.paymentPassword?.message}
          data-testid="ag-transfer-password"
          {...form.register('paymentPassword')}
        />
        <Input label={t('ag_remark')} maxLength={100} {...form.register('remark')} />
        {errors.root ? (
          <p className="ag-form__error" role="alert">
            {errors.root.message}
          </p>
        ) : null}
        <div className="ag-actions">
          <Button variant="ghost" onClick={onClose}>
            {t('ag_cancel')}
          </Button>
          <Button type="submit" loading={transfer.isPending} data-testid="ag-transfer-submit">
            {t('ag_transfer_submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
