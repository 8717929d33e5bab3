import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { setOperatorSession } from '../api/client.ts';
import { useOperatorLogin } from '../api/login.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';

/** The operator's own login (staff accounts, not player accounts). */
export function LoginPanel({ t }: { t: ConsoleT }) {
  const { siteName } = useWhitelabel();
  const login = useOperatorLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <main className="console-login">
      <form
        className="console-card console-login__form"
        onSubmit={(e) => {
          e.preventDefault();
          login.mutate(
            { username: username.trim(), password },
            { onSuccess: (s) => setOperatorSession({ token: s.token, username: s.username, role: s.role }) },
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
        {login.error ? (
          <p className="field__error" role="alert">
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
