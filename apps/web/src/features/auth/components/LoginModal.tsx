import { sessionEndpoints } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button, Checkbox, Input, Modal } from '../../../components/ui/index.ts';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { completeSignIn } from '../../../lib/session/signIn.ts';
import { openModal, showToast } from '../../../lib/ui/index.ts';
import { applyApiError } from '../../../lib/forms/applyApiError.ts';
import { rememberUsername, rememberedUsername } from '../api/rememberMe.ts';
import { useFieldMessage } from '../../../lib/forms/useFieldMessage.ts';
import '../auth.css';

/** Spec §5: username and password are required; inputs are trimmed. */
const loginForm = z.object({
  username: z.string().trim().min(1, 'field_required'),
  password: z.string().trim().min(1, 'field_required'),
  remember: z.boolean(),
});
type LoginForm = z.infer<typeof loginForm>;

export interface LoginModalProps {
  redirectTo?: string | undefined;
  onClose: () => void;
}

/** The login popup (spec §2): username, password, remember me, forgot password, sign-up link. */
export function LoginModal({ redirectTo, onClose }: LoginModalProps) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const remembered = rememberedUsername();
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    defaultValues: { username: remembered ?? '', password: '', remember: remembered !== null },
  });
  const { errors } = form.formState;

  const login = useEndpointMutation(sessionEndpoints.login, {
    onSuccess: (value) => {
      const { username, remember } = form.getValues();
      rememberUsername(remember ? username.trim() : null);
      void completeSignIn(value.token, value);
      showToast(t('login_success'), 'success');
      // Spec §4: the default password, an expired one or a first login force a change first.
      if (value.mustChangePassword || value.firstTimeLogin || value.passwordExpired) {
        openModal('changePassword', { area: 'member' });
        return;
      }
      onClose();
      if (redirectTo) void navigate(redirectTo);
    },
    onError: (error) => setFormError(applyApiError(error, ['username', 'password'], form.setError, t('network_abnormal'))),
  });

  const submit = form.handleSubmit(({ username, password }) => {
    setFormError(null);
    login.mutate({ body: { type: 'username', username, password, area: 'member' } });
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('login_title')}
      description={t('login_subtitle')}
      testId="login-modal"
      hero={<div className="auth-hero" aria-hidden="true" />}
    >
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Input
          label={t('username')}
          placeholder={t('username_placeholder')}
          autoComplete="username"
          icon="user"
          required
          error={message(errors.username?.message)}
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
          error={message(errors.password?.message)}
          {...form.register('password')}
        />
        <div className="form-row">
          <Checkbox label={t('remember_me')} {...form.register('remember')} />
          <button type="button" className="text-link" onClick={() => openModal('forgotPassword')}>
            {t('forgot_password')}
          </button>
        </div>
        <Button type="submit" size="lg" block loading={login.isPending} data-testid="login-submit">
          {t('login_submit')}
        </Button>
        <p className="auth-switch">
          {t('no_account')}{' '}
          <button type="button" className="text-link" onClick={() => openModal('register', {})}>
            {t('register')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
