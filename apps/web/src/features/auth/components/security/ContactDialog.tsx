import { useState } from 'react';
import { memberEndpoints } from '@app/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button, Input, Modal } from '../../../../components/ui/index.ts';
import { showToast } from '../../../../lib/ui/index.ts';
import { useBindEmail, useSendBindEmailCode } from '../../api/bindEmail.ts';
import { useBindMobile, useSendBindMobileCode } from '../../api/bindMobile.ts';
import { useAuthMessages } from '../../hooks/messages.ts';
import { contractResolver, requestBody } from '../../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../../lib/forms/messages.ts';
import { CountryCodeSelect, useDefaultDialingCode } from '../CountryCodeSelect.tsx';
import { SendCodeButton } from '../SendCodeButton.tsx';
import { ReauthCancelled } from './useReauth.ts';

interface Values {
  target: string;
  verificationCode: string;
}

/** The bind body's new number or e-mail (by its own rule) and the code sent to it. */
const contactForm = (kind: 'mobile' | 'email'): z.ZodType<Values, Values> => {
  if (kind === 'mobile') {
    const { mobileNum, verificationCode } = requestBody(memberEndpoints.bindMobile).shape;
    return z.object({ target: mobileNum, verificationCode });
  }
  const { email, verificationCode } = requestBody(memberEndpoints.bindEmail).shape;
  return z.object({ target: email, verificationCode });
};

/** Bind or change the mobile number or e-mail: a fresh code to the new one, after re-authentication. */
export function ContactDialog({
  kind,
  withReauth,
  hidden = false,
  onClose,
}: {
  kind: 'mobile' | 'email';
  withReauth: <T>(action: (token: string) => Promise<T>) => Promise<T>;
  /** Hidden (not closed) while the password is asked again above it. */
  hidden?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const messages = useAuthMessages();
  const fallbackDial = useDefaultDialingCode();
  const [dial, setDial] = useState<string | null>(null);
  const dialingCode = dial ?? fallbackDial;
  const [formError, setFormError] = useState<string | null>(null);
  const formMessages = useFormMessages();
  const form = useForm({
    resolver: contractResolver(contactForm(kind), formMessages.message),
    defaultValues: { target: '', verificationCode: '' },
  });
  const sendMobile = useSendBindMobileCode();
  const sendEmail = useSendBindEmailCode();
  const bindMobile = useBindMobile();
  const bindEmail = useBindEmail();

  const fail = (error: unknown) => {
    if (error instanceof ReauthCancelled) return;
    const fields = messages.fields(error);
    const msg = fields.mobileNum ?? fields.email;
    if (msg) form.setError('target', { type: 'server', message: msg });
    else setFormError(messages.error(error));
  };

  const send = async (): Promise<number | null> => {
    setFormError(null);
    if (!(await form.trigger('target'))) return null;
    const target = form.getValues('target').trim();
    try {
      const value = await withReauth((reauthToken) =>
        kind === 'mobile'
          ? sendMobile.mutateAsync({ body: { reauthToken, countryDialingCode: dialingCode, mobileNum: target } })
          : sendEmail.mutateAsync({ body: { reauthToken, email: target } }),
      );
      return value.expiredMinutes * 60;
    } catch (error) {
      fail(error);
      return null;
    }
  };

  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await withReauth((reauthToken) =>
        kind === 'mobile'
          ? bindMobile.mutateAsync({
              body: {
                reauthToken,
                countryDialingCode: dialingCode,
                mobileNum: v.target,
                verificationCode: v.verificationCode,
              },
            })
          : bindEmail.mutateAsync({
              body: { reauthToken, email: v.target, verificationCode: v.verificationCode },
            }),
      );
      showToast(kind === 'mobile' ? t('sc_mobile_bound') : t('sc_email_bound'), 'success');
      onClose();
    } catch (error) {
      fail(error);
    }
  });

  const { errors } = form.formState;
  const pending = bindMobile.isPending || bindEmail.isPending;
  return (
    <Modal
      open={!hidden}
      onClose={onClose}
      title={kind === 'mobile' ? t('sc_mobile') : t('sc_email')}
      size="sm"
      testId={`${kind}-dialog`}
    >
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        {kind === 'mobile' ? (
          <div className="auth-phone">
            <CountryCodeSelect value={dialingCode} onChange={setDial} />
            <Input
              label={t('sc_new_mobile')}
              inputMode="numeric"
              autoComplete="tel-national"
              icon="phone"
              required
              error={errors.target?.message}
              {...form.register('target')}
            />
          </div>
        ) : (
          <Input
            label={t('sc_new_email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            icon="mail"
            required
            error={errors.target?.message}
            {...form.register('target')}
          />
        )}
        <Input
          label={t('sms_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          icon="key"
          required
          error={errors.verificationCode?.message}
          trailing={<SendCodeButton onSend={send} pending={sendMobile.isPending || sendEmail.isPending} />}
          {...form.register('verificationCode')}
        />
        <Button type="submit" block loading={pending}>
          {t('sc_save')}
        </Button>
      </form>
    </Modal>
  );
}
