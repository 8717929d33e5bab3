import type { LoginValue } from '@app/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Input } from '../../../components/ui/index.ts';
import { openModal } from '../../../lib/ui/index.ts';
import { useLogin } from '../api/login.ts';
import { rememberUsername, rememberedUsername } from '../api/rememberMe.ts';
import { useAuthMessages } from '../hooks/messages.ts';
import { issueResolver, need } from '../hooks/resolver.ts';
import { CaptchaField } from './CaptchaField.tsx';

interface Values {
  username: string;
  password: string;
  captcha: string;
  remember: boolean;
}

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
  const resolver = useMemo(
    () =>
      issueResolver<Values>(
        (v) => ({
          ...(v.username.trim() ? {} : { username: need('field_required') }),
          ...(v.password.trim() ? {} : { password: need('field_required') }),
          ...(captchaNeeded && !v.captcha.trim() ? { captcha: need('captcha_required') } : {}),
        }),
        messages.issue,
      ),
    [captchaNeeded, messages.issue],
  );
  const form = useForm<Values>({
    resolver,
    defaultValues: { username: remembered ?? '', password: '', captcha: '', remember: remembered !== null },
  });
  const { errors } = form.formState;
  const login = useLogin();

  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const value = await login.mutateAsync({
        body: {
          type: 'username',
          username: v.username.trim(),
          password: v.password.trim(),
          ...(captchaNeeded ? { captcha: v.captcha.trim() } : {}),
          ...(compact ? {} : { rememberMe: v.remember }),
          area,
        },
      });
      if (!compact) rememberUsername(v.remember ? v.username.trim() : null);
      onSuccess(value);
    } catch (error) {
      // Spec §8: a failed login dismisses the loader and shows the captcha when the answer says so.
      const wants = messages.wantsCaptcha(error);
      onCaptchaNeeded(wants);
      if (wants) {
        form.setValue('captcha', '');
        setCaptchaKey((k) => k + 1);
      }
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
