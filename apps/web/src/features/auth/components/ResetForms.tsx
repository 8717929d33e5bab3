import {
  passwordEmailBody,
  passwordResetBody,
  passwordVerificationBody,
  validateNewPassword,
  type FieldIssue,
  type RegisterSetting,
} from '@app/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '../../../components/ui/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useRequestEmailReset } from '../api/passwordEmail.ts';
import { useResetWithLink } from '../api/passwordReset.ts';
import { useResetWithSms } from '../api/passwordVerification.ts';
import { useRegisterSetting } from '../api/registerSetting.ts';
import { useSendLoginCode } from '../api/smsNoLogin.ts';
import { useAuthMessages } from '../hooks/messages.ts';
import { addFieldIssues, contractResolver } from '../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../lib/forms/messages.ts';
import { CountryCodeSelect, useDefaultDialingCode } from './CountryCodeSelect.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';

/** The phone reset body (the dialing code is its own picker) with the brand's password rule. */
const phoneResetForm = (setting: RegisterSetting, issueText: (issue: FieldIssue) => string) =>
  passwordVerificationBody
    .pick({ mobileNum: true, verificationCode: true, newPassword: true })
    // The form always asks for the confirmation (validateNewPassword requires it).
    .extend({ confirmNewPassword: z.string().trim().max(128) })
    .superRefine((v, ctx) => addFieldIssues(ctx, validateNewPassword(setting, v), issueText));

/** The new password from a reset link, with the brand's password rule. */
const linkResetForm = (setting: RegisterSetting, issueText: (issue: FieldIssue) => string) =>
  passwordResetBody
    .pick({ newPassword: true, confirmNewPassword: true })
    .superRefine((v, ctx) => addFieldIssues(ctx, validateNewPassword(setting, v), issueText));

const FormError = ({ text }: { text: string | null }) =>
  text ? (
    <p className="form-error" role="alert" data-testid="reset-error">
      {text}
    </p>
  ) : null;

/** By e-mail: username and e-mail; success shows 'in_been_out' (spec §8). */
export function EmailResetForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const messages = useAuthMessages();
  const [formError, setFormError] = useState<string | null>(null);
  const formMessages = useFormMessages();
  const form = useForm({
    resolver: contractResolver(passwordEmailBody, formMessages.message),
    defaultValues: { username: '', email: '' },
  });
  const { errors } = form.formState;
  const reset = useRequestEmailReset();
  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ body: { username: v.username, email: v.email } });
      showToast(t('in_been_out'), 'success');
      onDone();
    } catch (error) {
      setFormError(messages.error(error));
    }
  });
  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate data-testid="reset-email-form">
      <p className="form-note">{t('forgot_email_intro')}</p>
      <FormError text={formError} />
      <Input
        label={t('username')}
        autoComplete="username"
        icon="user"
        required
        error={errors.username?.message}
        data-testid="reset-username"
        {...form.register('username')}
      />
      <Input
        label={t('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        icon="mail"
        required
        error={errors.email?.message}
        data-testid="reset-email"
        {...form.register('email')}
      />
      <Button type="submit" size="lg" block loading={reset.isPending} data-testid="reset-email-submit">
        {t('send_link')}
      </Button>
    </form>
  );
}

/** By phone: mobile, SMS code and the new password (spec §5). */
export function PhoneResetForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const messages = useAuthMessages();
  const setting = useRegisterSetting();
  const fallbackDial = useDefaultDialingCode();
  const [dial, setDial] = useState<string | null>(null);
  const dialingCode = dial ?? fallbackDial;
  const [formError, setFormError] = useState<string | null>(null);
  const formMessages = useFormMessages();
  const resolver = useMemo(
    () => contractResolver(phoneResetForm(setting, formMessages.issue), formMessages.message),
    [setting, formMessages],
  );
  const form = useForm({
    resolver,
    defaultValues: { mobileNum: '', verificationCode: '', newPassword: '', confirmNewPassword: '' },
  });
  const { errors } = form.formState;
  const sendCode = useSendLoginCode();
  const reset = useResetWithSms();

  const send = async (): Promise<number | null> => {
    setFormError(null);
    if (!(await form.trigger('mobileNum'))) return null;
    try {
      const value = await sendCode.mutateAsync({
        body: { countryDialingCode: dialingCode, mobileNum: form.getValues('mobileNum').trim() },
      });
      return value.expiredMinutes * 60;
    } catch (error) {
      setFormError(messages.error(error));
      return null;
    }
  };

  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await reset.mutateAsync({
        body: {
          countryDialingCode: dialingCode,
          mobileNum: v.mobileNum,
          verificationCode: v.verificationCode,
          newPassword: v.newPassword,
          confirmNewPassword: v.confirmNewPassword,
        },
      });
      showToast(t('password_reset_done'), 'success');
      onDone();
    } catch (error) {
      setFormError(messages.error(error));
    }
  });

  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate data-testid="reset-phone-form">
      <p className="form-note">{t('forgot_mobile_intro')}</p>
      <FormError text={formError} />
      <div className="auth-phone">
        <CountryCodeSelect value={dialingCode} onChange={setDial} />
        <Input
          label={t('mobile')}
          inputMode="numeric"
          autoComplete="tel-national"
          icon="phone"
          required
          error={errors.mobileNum?.message}
          data-testid="reset-mobile"
          {...form.register('mobileNum')}
        />
      </div>
      <Input
        label={t('sms_code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        icon="key"
        required
        error={errors.verificationCode?.message}
        data-testid="reset-code"
        trailing={<SendCodeButton onSend={send} pending={sendCode.isPending} testId="reset-send-code" />}
        {...form.register('verificationCode')}
      />
      <NewPasswordFields register={form.register} errors={errors} />
      <Button type="submit" size="lg" block loading={reset.isPending} data-testid="reset-phone-submit">
        {t('reset_submit')}
      </Button>
    </form>
  );
}

/** The new password from an e-mailed link. */
export function LinkResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const messages = useAuthMessages();
  const setting = useRegisterSetting();
  const [formError, setFormError] = useState<string | null>(null);
  const formMessages = useFormMessages();
  const resolver = useMemo(
    () => contractResolver(linkResetForm(setting, formMessages.issue), formMessages.message),
    [setting, formMessages],
  );
  const form = useForm({ resolver, defaultValues: { newPassword: '', confirmNewPassword: '' } });
  const reset = useResetWithLink();
  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await reset.mutateAsync({
        body: { token, newPassword: v.newPassword, confirmNewPassword: v.confirmNewPassword },
      });
      showToast(t('password_reset_done'), 'success');
      onDone();
    } catch (error) {
      setFormError(messages.error(error));
    }
  });
  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate data-testid="reset-link-form">
      <FormError text={formError} />
      <NewPasswordFields register={form.register} errors={form.formState.errors} />
      <Button type="submit" size="lg" block loading={reset.isPending} data-testid="reset-link-submit">
        {t('reset_submit')}
      </Button>
    </form>
  );
}
