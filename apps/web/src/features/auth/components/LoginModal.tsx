import type { LoginValue } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal, Tabs } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { openModal } from '../../../lib/ui/index.ts';
import { useAfterLogin, type AfterLogin } from '../hooks/afterLogin.ts';
import { FreePlayButton } from './FreePlayButton.tsx';
import { SmsLoginForm } from './SmsLoginForm.tsx';
import { ThirdPartyLogin } from './ThirdPartyLogin.tsx';
import { UsernameLoginForm } from './UsernameLoginForm.tsx';
import '../auth.css';

export interface LoginModalProps {
  redirectTo?: string | undefined;
  onClose: () => void;
}

type Tab = 'username' | 'sms';

/**
 * The login popup (spec §2): a username tab and, when the brand offers it, an SMS tab; captcha
 * when the server asks; remember me; forgot password; Facebook / Google when configured; free play.
 */
export function LoginModal({ redirectTo, onClose }: LoginModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { features } = useWhitelabel();
  const afterLogin = useAfterLogin();
  const [tab, setTab] = useState<Tab>('username');
  const [captchaNeeded, setCaptchaNeeded] = useState(false);

  const done = (result: AfterLogin) => {
    if (result !== 'done') return; // the verification or change-password modal took over
    onClose();
    if (redirectTo) void navigate(redirectTo);
  };
  const onSuccess = async (value: LoginValue) => done(await afterLogin(value));

  return (
    <Modal
      open
      onClose={onClose}
      title={t('login_title')}
      description={t('login_subtitle')}
      testId="login-modal"
      hero={<div className="auth-hero" aria-hidden="true" />}
    >
      <div className="form-stack">
        {features.smsLogin ? (
          <Tabs
            items={[
              { id: 'username', label: t('login_tab_username') },
              { id: 'sms', label: t('login_tab_sms') },
            ]}
            value={tab}
            onChange={setTab}
            label={t('login_tabs')}
            variant="underline"
            className="auth-tabs"
          />
        ) : null}
        {tab === 'username' ? (
          <UsernameLoginForm
            area="member"
            captchaNeeded={captchaNeeded}
            onCaptchaNeeded={setCaptchaNeeded}
            onSuccess={(v) => void onSuccess(v)}
          />
        ) : (
          <SmsLoginForm
            captchaNeeded={captchaNeeded}
            onCaptchaNeeded={setCaptchaNeeded}
            onSuccess={(v) => void onSuccess(v)}
          />
        )}
        <ThirdPartyLogin onDone={done} />
        <FreePlayButton block onDone={done} />
        <p className="auth-switch">
          {t('no_account')}{' '}
          <button
            type="button"
            className="text-link"
            onClick={() => openModal('register', {})}
            data-testid="to-register"
          >
            {t('register')}
          </button>
        </p>
      </div>
    </Modal>
  );
}
