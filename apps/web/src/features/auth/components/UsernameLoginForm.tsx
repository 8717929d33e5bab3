import { usernameLoginBody, type LoginValue } from '@app/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/index.ts';
import { Button, Checkbox, Input } from '../../../components/ui/index.ts';
import { openModal } from '../../../lib/ui/index.ts';
import { useLogin } from '../api/login.ts';
import { rememberUsername, rememberedUsername } from '../api/rememberMe.ts';
import { useAuthMessages } from '../hooks/messages.ts';
import { contractResolver } from '../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../lib/forms/messages.ts';
import { CaptchaField } from './CaptchaField.tsx';

/** The login body's fields, remember-me (kept in the browser), and the captcha once it is asked for. */
const loginForm = (captchaNeeded: boolean) =>
  usernameLoginBody
    .pick({ username: true, password: true, captcha: true })
    .extend({ remember: z.boolean() })
    .superRefine((v, ctx) => {
      if (captchaNeeded && !v.captcha) ctx.addIssue({ code: 'custom', path: ['captcha'], message: 'captcha_required' });
    });

export interface UsernameLoginFormProps {
  area: 'member' | 'agent';
  /** The server asked for a captcha (spec §4): after failed tries of this account or IP. */
  captchaNeeded: boolean;
  onCaptchaNeeded: (needed: boolean) => void;
  onSuccess: (value: LoginValue) => void;
  /** The agent page has no remember-me or forgot-password link. */
  compact?: boolean;
}

/**
 * Username login (spec §2, §5): username, password and (when shown) captcha required, inputs
 * trimmed; remember me keeps the username for 24 hours (never the password).
 */
export function UsernameLoginForm({
  area,
  captchaNeeded,
  onCaptchaNeeded,
  onSuccess,
  compact = false,
}: UsernameLoginFormProps) {
  const { t } = useTranslation();
  const messages = useAuthMessages();
  const remembered = rememberedUsername();
  const [formError, setFormError] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const formMessages = useFormMessages();
  const resolver = useMemo(
    () => contractResolver(loginForm(captchaNeeded), formMessages.message),
    [captchaNeeded, formMessages.message],
  );
  const form = useForm({
    resolver,
    defaultValues: { username: remembered ?? '', password: '', captcha: '', remember: remembered !== null },
  });
  const { errors } = form.formState;
  const login = useLogin();
  const navigate = useNavigate();
  // A self-excluded player may still log in to withdraw the balance (issue 24): the refusal offers it.
  const [excluded, setExcluded] = useState<{ username: string; password: string } | null>(null);

  const withdrawOnly = async () => {
    if (!excluded) return;
    setFormError(null);
    try {
      const value = await login.mutateAsync({
        body: { type: 'username', ...excluded, area: 'member', withdrawOnly: true },
      });
      setExcluded(null);
      onSuccess(value);
      void navigate('/member?page=withdraw');
    } catch (error) {
      setExcluded(null);
      setFormError(messages.error(error));
    }
  };

  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    setExcluded(null);
    try {
      const value = await login.mutateAsync({
        body: {
          type: 'username',
          username: v.username,
          password: v.password,
          ...(captchaNeeded ? { captcha: v.captcha ?? '' } : {}),
          ...(compact ? {} : { rememberMe: v.remember }),
          area,
        },
      });
      if (!compact) rememberUsername(v.remember ? v.username : null);
      onSuccess(value);
    } catch (error) {
      // Spec §8: a failed login dismisses the loader and shows the captcha when the answer says so.
      const wants = messages.wantsCaptcha(error);
      onCaptchaNeeded(wants);
      if (wants) {
        form.setValue('captcha', '');
        setCaptchaKey((k) => k + 1);
      }
      if (area === 'member' && isApiError(error) && error.code === 'PROTECTION_EXCLUDED')
        setExcluded({ username: v.username, password: v.password });
      form.setValue('password', '');
      setFormError(messages.error(error));
    }
  });

  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
      {formError ? (
        <p className="form-error" role="alert" data-testid="login-error">
          {formError}
        </p>
      ) : null}
      {excluded ? (
        <div className="login-withdraw-only" data-testid="login-withdraw-only">
          <p>{t('wo_offer')}</p>
          <Button
            type="button"
            variant="secondary"
            block
            loading={login.isPending}
            onClick={() => void withdrawOnly()}
            data-testid="login-withdraw-only-go"
          >
            {t('wo_login')}
          </Button>
        </div>
      ) : null}
      <Input
        label={t('username')}
        placeholder={t('username_placeholder')}
        autoComplete="username"
        icon="user"
        required
        error={errors.username?.message}
        data-testid="login-username"
        {...form.register('username')}
      />
      <Input
        label={t('password')}
        placeholder={t('password_placeholder')}
        type="password"
        autoComplete="current-password"
        icon="lock"
        revealable
        required
        error={errors.password?.message}
        data-testid="login-password"
        {...form.register('password')}
      />
      {captchaNeeded ? (
        <CaptchaField key={captchaKey} error={errors.captcha?.message} {...form.register('captcha')} />
      ) : null}
      {compact ? null : (
        <div className="form-row">
          <Checkbox label={t('remember_me')} data-testid="remember-me" {...form.register('remember')} />
          <button
            type="button"
            className="text-link"
            onClick={() => openModal('forgotPassword')}
            data-testid="forgot-link"
          >
            {t('forgot_password')}
          </button>
        </div>
      )}
      <Button
        type="submit"
        size="lg"
        block
        loading={login.isPending}
        data-testid={area === 'agent' ? 'agent-login-submit' : 'login-submit'}
      >
        {t('login_submit')}
      </Button>
    </form>
  );
}
