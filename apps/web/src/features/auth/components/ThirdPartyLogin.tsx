import type { OAuthProvider } from '@app/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { openOAuthPopup, useOAuthLogin, useOAuthProviders } from '../api/oauth.ts';
import { useAfterLogin, type AfterLogin } from '../hooks/afterLogin.ts';
import { useAuthMessages } from '../hooks/messages.ts';

/** Brand marks drawn inline (no third-party requests). */
const MARKS: Record<OAuthProvider, ReactNode> = {
  google: (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
    </svg>
  ),
  facebook: (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
      />
    </svg>
  ),
};

/**
 * Facebook and Google login (spec §1, §2), shown only for the providers the server offers. A
 * popup closed by the user, or any failure, says 'Login failure. Please try again.' (spec §8).
 */
export function ThirdPartyLogin({ onDone }: { onDone: (result: AfterLogin) => void }) {
  const { t } = useTranslation();
  const { data: providers } = useOAuthProviders();
  const exchange = useOAuthLogin();
  const afterLogin = useAfterLogin();
  const messages = useAuthMessages();
  const [busy, setBusy] = useState<OAuthProvider | null>(null);
  if (!providers?.length) return null;

  const start = async (provider: OAuthProvider, startUrl: string) => {
    setBusy(provider);
    try {
      const ticket = await openOAuthPopup(startUrl);
      const value = await exchange.mutateAsync({ body: { ticket } });
      onDone(await afterLogin(value));
    } catch (error) {
      showToast(
        error instanceof Error && error.name === 'ApiError' ? messages.error(error) : t('oauth_failed'),
        'error',
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="auth-oauth" data-testid="oauth-buttons">
      <p className="auth-divider">
        <span>{t('or_continue_with')}</span>
      </p>
      <div className="auth-oauth__row">
        {providers.map((p) => (
          <button
            key={p.provider}
            type="button"
            className="auth-oauth__btn"
            onClick={() => void start(p.provider, p.startUrl)}
            disabled={busy !== null}
            data-testid={`oauth-${p.provider}`}
          >
            {busy === p.provider ? <Spinner size="sm" /> : MARKS[p.provider]}
            <span>{p.provider === 'google' ? t('login_google') : t('login_facebook')}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
