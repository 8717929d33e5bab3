import { checkFieldRule, memberEndpoints, ruleMessageEn, ruleOf, type FieldIssue, type FieldRule } from '@app/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input, Modal } from '../../../../components/ui/index.ts';
import { showToast } from '../../../../lib/ui/index.ts';
import { useSetPaymentPassword } from '../../api/paymentPassword.ts';
import { useRegisterSetting } from '../../api/registerSetting.ts';
import { useAuthMessages } from '../../hooks/messages.ts';
import { contractResolver, requestBody } from '../../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../../lib/forms/messages.ts';
import { ReauthCancelled } from './useReauth.ts';

/** The payment-password body (its re-authentication comes separately), by the brand's rule, confirmed. */
const paymentPasswordForm = (rule: FieldRule, issueText: (issue: FieldIssue) => string) =>
  requestBody(memberEndpoints.paymentPassword)
    .omit({ reauthToken: true })
    .superRefine((v, ctx) => {
      const violation = v.paymentPassword ? checkFieldRule(rule, v.paymentPassword) : null;
      if (violation)
        ctx.addIssue({
          code: 'custom',
          path: ['paymentPassword'],
          message: issueText({
            key: violation.key,
            params: { min: violation.min, max: violation.max },
            message: ruleMessageEn(violation),
          }),
        });
      if (v.confirmPaymentPassword && v.confirmPaymentPassword !== v.paymentPassword)
        ctx.addIssue({ code: 'custom', path: ['confirmPaymentPassword'], message: 'confirm_password_mismatch' });
    });

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
  const formMessages = useFormMessages();
  const resolver = useMemo(
    () => contractResolver(paymentPasswordForm(rule, formMessages.issue), formMessages.message),
    [rule, formMessages],
  );
  const form = useForm({ resolver, defaultValues: { paymentPassword: '', confirmPaymentPassword: '' } });
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
