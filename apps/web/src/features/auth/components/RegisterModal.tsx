import type { LoginValue, RegisterMode } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Tabs } from '../../../components/ui/index.ts';
import { openModal, showToast } from '../../../lib/ui/index.ts';
import { useRegisterSetting } from '../api/registerSetting.ts';
import { useAfterLogin } from '../hooks/afterLogin.ts';
import { FreePlayButton } from './FreePlayButton.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import '../auth.css';

export interface RegisterModalProps {
  /** From `/register?referralCode=` (spec §2). */
  referralCode?: string | undefined;
  onClose: () => void;
}

/**
 * The register modal (spec §2): a mobile tab and a username tab, mobile first when the brand
 * enables mobile registration (spec §4). The account logs in right away.
 */
export function RegisterModal({ referralCode, onClose }: RegisterModalProps) {
  const { t } = useTranslation();
  const setting = useRegisterSetting();
  const afterLogin = useAfterLogin();
  const modes: RegisterMode[] = [
    ...(setting.mobileRegistration ? (['mobile'] as const) : []),
    ...(setting.usernameRegistration ? (['username'] as const) : []),
  ];
  const [mode, setMode] = useState<RegisterMode>(modes[0] ?? 'username');

  const onRegistered = async (login: LoginValue | null) => {
    showToast(t('register_success'), 'success');
    if (!login) {
      openModal('login', {});
      return;
    }
    if ((await afterLogin(login)) === 'done') onClose();
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('register_title')}
      description={t('register_subtitle')}
      testId="register-modal"
      hero={<div className="auth-hero auth-hero--register" aria-hidden="true" />}
    >
      <div className="form-stack">
        {modes.length > 1 ? (
          <Tabs
            items={modes.map((m) => ({
              id: m,
              label: m === 'mobile' ? t('register_tab_mobile') : t('register_tab_username'),
            }))}
            value={mode}
            onChange={setMode}
            label={t('register_tabs')}
            variant="underline"
            className="auth-tabs"
          />
        ) : null}
        {modes.length === 0 ? (
          <p className="form-error" role="alert">
            {t('err_OPERATION_NOT_ENABLED')}
          </p>
        ) : (
          <RegisterForm
            key={mode}
            mode={mode}
            setting={setting}
            referralCode={referralCode}
            onRegistered={(l) => void onRegistered(l)}
          />
        )}
        <FreePlayButton block onDone={(r) => r === 'done' && onClose()} />
        <p className="auth-switch">
          {t('has_account')}{' '}
          <button type="button" className="text-link" onClick={() => openModal('login', {})}>
            {t('login')}
          </button>
        </p>
      </div>
    </Modal>
  );
}
