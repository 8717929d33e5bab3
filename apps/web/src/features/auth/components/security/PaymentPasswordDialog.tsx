import { checkFieldRule, ruleOf } from '@app/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input, Modal } from '../../../../components/ui/index.ts';
import { showToast } from '../../../../lib/ui/index.ts';
import { useSetPaymentPassword } from '../../api/paymentPassword.ts';
import { useRegisterSetting } from '../../api/registerSetting.ts';
import { useAuthMessages } from '../../hooks/messages.ts';
import { issueResolver, need } from '../../hooks/resolver.ts';
import { ReauthCancelled } from './useReauth.ts';

interface Values {
  paymentPassword: string;
  confirmPaymentPassword: string;
}

/** Set or change the payment password (asked at each withdrawal), by the brand's rule. */
export function PaymentPasswordDialog({
  hasOne,
  withReauth,
  hidden = false,
  onClose,
}: {
  hasOne: boolean;
  withReauth: <T>(action: (token: string) => Promise<T>) => Promise<T>;
  /** Hidden (not closed) while the password is asked again above it. */
  hidden?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const messages = useAuthMessages();
  const setting = useRegisterSetting();
  const rule = setting.fields.find((f) => f.field === 'paymentPassword')?.rule ?? ruleOf('DIGITS', 6, 6);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: issueResolver<Values>((v) => {
      const violation = v.paymentPassword ? checkFieldRule(rule, v.paymentPassword) : null;
      return {
        ...(!v.paymentPassword ? { paymentPassword: need('field_required') } : {}),
        ...(violation ? { paymentPassword: need(violation.key, { min: violation.min, max: violation.max }) } : {}),
        ...(!v.confirmPaymentPassword
          ? { confirmPaymentPassword: need('field_required') }
          : v.confirmPaymentPassword !== v.paymentPassword
            ? { confirmPaymentPassword: need('confirm_password_mismatch') }
            : {}),
      };
    }, messages.issue),
    defaultValues: { paymentPassword: '', confirmPaymentPassword: '' },
  });
  const save = useSetPaymentPassword();
  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await withReauth((reauthToken) => save.mutateAsync({ body: { reauthToken, ...v } }));
      showToast(t('sc_payment_password_saved'), 'success');
      onClose();
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      setFormError(messages.error(error));
    }
  });
  const { errors } = form.formState;
  return (
    <Modal
      open={!hidden}
      onClose={onClose}
      title={hasOne ? t('sc_payment_password_change') : t('sc_payment_password_set')}
      size="sm"
      testId="payment-password-dialog"
    >
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Input
          label={t('payment_password')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          icon="key"
          revealable
          required
          error={errors.paymentPassword?.message}
          {...form.register('paymentPassword')}
        />
        <Input
          label={t('confirm_password')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          icon="key"
          revealable
          required
          error={errors.confirmPaymentPassword?.message}
          {...form.register('confirmPaymentPassword')}
        />
        <Button type="submit" block loading={save.isPending}>
          {t('sc_save')}
        </Button>
      </form>
    </Modal>
  );
}
