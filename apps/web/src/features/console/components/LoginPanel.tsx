import { useState } from 'react';
import { Button, Icon, Input } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useConsoleCaptcha } from '../api/captcha.ts';
import { setOperatorSession } from '../api/client.ts';
import { useOperatorLogin } from '../api/login.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';

/** The operator's own login (staff accounts, not player accounts); a captcha after a few failures. */
export function LoginPanel({ t }: { t: ConsoleT }) {
  const { siteName } = useWhitelabel();
  const login = useOperatorLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const { image, refresh } = useConsoleCaptcha(needCaptcha);
  return (
    <main className="console-login">
      <form
        className="console-card console-login__form"
        onSubmit={(e) => {
          e.preventDefault();
          login.mutate(
            { username: username.trim(), password, ...(needCaptcha ? { captcha: captcha.trim() } : {}) },
            {
              onSuccess: (s) =>
                setOperatorSession({ token: s.token, username: s.username, role: s.role, pending: s.pending }),
              onError: (error) => {
                const asks = (error.value as { captcha?: boolean } | null)?.captcha === true;
                setCaptcha('');
                if (asks) {
                  setNeedCaptcha(true);
                  // A captcha is spent by every check: show a new one.
                  if (needCaptcha) void refresh();
                }
              },
            },
          );
        }}
      >
        <h1 className="console-login__title">{t('cs_title', { site: siteName })}</h1>
        <p className="console-muted">{t('cs_login_info')}</p>
        <Input
          label={t('cs_username')}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
          data-testid="console-username"
        />
        <Input
          label={t('cs_password')}
          type="password"
          revealable
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          data-testid="console-password"
        />
        {needCaptcha ? (
          <Input
            label={t('cs_captcha')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={4}
            value={captcha}
            onChange={(e) => setCaptcha(e.target.value)}
            required
            data-testid="console-captcha"
            trailing={
              <button
                type="button"
                className="console-captcha"
                onClick={() => void refresh()}
                aria-label={t('cs_captcha_refresh')}
              >
                {image ? <img src={image} alt={t('cs_captcha_alt')} width={99} height={33} /> : null}
                {!image ? <Icon name="refresh" size={16} /> : null}
              </button>
            }
          />
        ) : null}
        {login.error ? (
          <p className="field__error" role="alert" data-testid="console-login-error">
            {login.error.message}
          </p>
        ) : null}
        <Button type="submit" block loading={login.isPending} data-testid="console-login">
          {t('cs_login')}
        </Button>
      </form>
    </main>
  );
}
