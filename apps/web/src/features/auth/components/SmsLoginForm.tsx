import { smsLoginBody, type LoginValue } from '@app/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '../../../components/ui/index.ts';
import { useLogin } from '../api/login.ts';
import { useSendLoginCode } from '../api/smsNoLogin.ts';
import { useAuthMessages } from '../hooks/messages.ts';
import { contractResolver } from '../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../lib/forms/messages.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { CountryCodeSelect, useDefaultDialingCode } from './CountryCodeSelect.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';

/** The SMS login body's fields (the dialing code is its own picker), and the captcha once asked for. */
const smsLoginForm = (captchaNeeded: boolean) =>
  smsLoginBody.pick({ mobileNum: true, verificationCode: true, captcha: true }).superRefine((v, ctx) => {
    if (captchaNeeded && !v.captcha) ctx.addIssue({ code: 'custom', path: ['captcha'], message: 'captcha_required' });
  });

export interface SmsLoginFormProps {
  captchaNeeded: boolean;
  onCaptchaNeeded: (needed: boolean) => void;
  onSuccess: (value: LoginValue) => void;
}

/**
 * SMS login (spec §2): country dialing code, mobile number, verification code and the get-code
 * button, which counts down the code's life (expiredMinutes × 60 s). A send failure shows the
 * server's message.
 */
export function SmsLoginForm({ captchaNeeded, onCaptchaNeeded, onSuccess }: SmsLoginFormProps) {
  const { t } = useTranslation();
  const messages = useAuthMessages();
  const fallbackDial = useDefaultDialingCode();
  const [dial, setDial] = useState<string | null>(null);
  const dialingCode = dial ?? fallbackDial;
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const formMessages = useFormMessages();
  const resolver = useMemo(
    () => contractResolver(smsLoginForm(captchaNeeded), formMessages.message),
    [captchaNeeded, formMessages.message],
  );
  const form = useForm({ resolver, defaultValues: { mobileNum: '', verificationCode: '', captcha: '' } });
  const { errors } = form.formState;
  const login = useLogin();
  const sendCode = useSendLoginCode();

  const send = async (): Promise<number | null> => {
    setFormError(null);
    setNotice(null);
    const ok = await form.trigger('mobileNum');
    if (!ok) return null;
    try {
      const value = await sendCode.mutateAsync({
        body: {
          countryDialingCode: dialingCode,
          mobileNum: form.getValues('mobileNum').trim(),
          ...(captchaNeeded ? { captcha: (form.getValues('captcha') ?? '').trim() } : {}),
        },
      });
      setNotice(t('code_sent', { destination: value.destination ?? '' }));
      return value.expiredMinutes * 60;
    } catch (error) {
      if (messages.wantsCaptcha(error)) {
        onCaptchaNeeded(true);
        setCaptchaKey((k) => k + 1);
      }
      setFormError(messages.error(error));
      return null;
    }
  };

  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const value = await login.mutateAsync({
        body: {
          type: 'sms',
          countryDialingCode: dialingCode,
          mobileNum: v.mobileNum,
          verificationCode: v.verificationCode,
          ...(captchaNeeded ? { captcha: v.captcha ?? '' } : {}),
          area: 'member',
        },
      });
      onSuccess(value);
    } catch (error) {
      const wants = messages.wantsCaptcha(error);
      onCaptchaNeeded(wants);
      if (wants) setCaptchaKey((k) => k + 1);
      setFormError(messages.error(error));
    }
  });

  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate data-testid="sms-login-form">
      {formError ? (
        <p className="form-error" role="alert" data-testid="login-error">
          {formError}
        </p>
      ) : null}
      {notice ? (
        <p className="form-note" role="status">
          {notice}
        </p>
      ) : null}
      <div className="auth-phone">
        <CountryCodeSelect value={dialingCode} onChange={setDial} />
        <Input
          label={t('mobile')}
          placeholder={t('mobile_placeholder')}
          inputMode="numeric"
          autoComplete="tel-national"
          icon="phone"
          required
          error={errors.mobileNum?.message}
          data-testid="sms-mobile"
          {...form.register('mobileNum')}
        />
      </div>
      {captchaNeeded ? (
        <CaptchaField key={captchaKey} error={errors.captcha?.message} {...form.register('captcha')} />
      ) : null}
      <Input
        label={t('sms_code')}
        placeholder={t('sms_code_placeholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        icon="key"
        required
        error={errors.verificationCode?.message}
        data-testid="sms-code"
        trailing={<SendCodeButton onSend={send} pending={sendCode.isPending} />}
        {...form.register('verificationCode')}
      />
      <Button type="submit" size="lg" block loading={login.isPending} data-testid="sms-login-submit">
        {t('login_submit')}
      </Button>
    </form>
  );
}
