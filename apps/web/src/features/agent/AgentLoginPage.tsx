import { sessionEndpoints } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { BrandLogo, Button, Icon, Input } from '../../components/ui/index.ts';
import { useEndpointMutation } from '../../lib/api/index.ts';
import { applyApiError } from '../../lib/forms/applyApiError.ts';
import { useFieldMessage } from '../../lib/forms/useFieldMessage.ts';
import { clearSession } from '../../lib/session/index.ts';
import { completeSignIn } from '../../lib/session/signIn.ts';
import { useWhitelabel } from '../../lib/system/index.ts';
import { openModal } from '../../lib/ui/index.ts';
import './agent.css';

const agentLoginForm = z.object({
  username: z.string().trim().min(1, 'field_required'),
  password: z.string().trim().min(1, 'field_required'),
});
type AgentLoginForm = z.infer<typeof agentLoginForm>;

/** /agent (spec §2): username-type login for agents, with the change-password popup. */
export function AgentLoginPage() {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const navigate = useNavigate();
  const { siteName, logoUrl } = useWhitelabel();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AgentLoginForm>({ resolver: zodResolver(agentLoginForm), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  const login = useEndpointMutation(sessionEndpoints.login, {
    onSuccess: async (value) => {
      // Spec §6: 'Non-agents cannot log in' (the server refuses too; this covers older answers).
      if (!value.isAgent) {
        clearSession();
        setFormError(t('agent_only'));
        return;
      }
      await completeSignIn(value.token, value);
      if (value.mustChangePassword || value.firstTimeLogin || value.passwordExpired) {
        openModal('changePassword', { area: 'agent' });
      }
      void navigate('/agentHome', { replace: true });
    },
    onError: (error) => setFormError(applyApiError(error, ['username', 'password'], form.setError, t('network_abnormal'))),
  });

  const submit = form.handleSubmit(({ username, password }) => {
    setFormError(null);
    login.mutate({ body: { type: 'username', username, password, area: 'agent' } });
  });

  return (
    <div className="agent-login" data-testid="app-root">
      <header className="agent-login__top">
        <Link to="/" className="agent-login__brand" aria-label={t('home_link', { site: siteName })}>
          <BrandLogo siteName={siteName} logoUrl={logoUrl} size="md" />
        </Link>
        <Link to="/" className="agent-login__back">
          <Icon name="arrowLeft" size={16} />
          {t('agent_back_to_site')}
        </Link>
      </header>
      <main id="main" className="agent-login__main">
        <div className="agent-login__card">
          <span className="agent-login__badge" aria-hidden="true">
            <Icon name="users" size={28} />
          </span>
          <h1 className="agent-login__title" data-testid="page-title">
            {t('agent_login_title')}
          </h1>
          <p className="agent-login__intro">{t('agent_login_intro')}</p>
          <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate data-testid="agent-login-form">
            {formError ? (
              <p className="form-error" role="alert">
                {formError}
              </p>
            ) : null}
            <Input label={t('username')} placeholder={t('username_placeholder')} autoComplete="username" icon="user" required error={message(errors.username?.message)} {...form.register('username')} />
            <Input label={t('password')} placeholder={t('password_placeholder')} type="password" autoComplete="current-password" icon="lock" revealable required error={message(errors.password?.message)} {...form.register('password')} />
            <Button type="submit" size="lg" block loading={login.isPending} data-testid="agent-login-submit">
              {t('login_submit')}
            </Button>
            <button type="button" className="text-link agent-login__change" onClick={() => openModal('changePassword', { area: 'agent' })}>
              {t('change_password')}
            </button>
          </form>
        </div>
      </main>
      <footer className="agent-login__footer">
        <p>{t('footer_copyright', { year: String(new Date().getFullYear()), site: siteName })}</p>
      </footer>
    </div>
  );
}
