import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Tabs } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { openModal } from '../../../lib/ui/index.ts';
import { EmailResetForm, LinkResetForm, PhoneResetForm } from './ResetForms.tsx';
import '../auth.css';

export interface ForgotPasswordModalProps {
  /** From an e-mailed link (`/?resetToken=`): choose the new password. */
  resetToken?: string | undefined;
  onClose: () => void;
}

type Tab = 'mobile' | 'email';

/**
 * Forgotten password (spec §5): by e-mail (username and e-mail → a link, 'in_been_out') or by
 * phone (mobile, SMS code, new password). The tab defaults to mobile when phone verification is on.
 */
export function ForgotPasswordModal({ resetToken, onClose }: ForgotPasswordModalProps) {
  const { t } = useTranslation();
  const { features } = useWhitelabel();
  const [tab, setTab] = useState<Tab>(features.phoneVerification ? 'mobile' : 'email');
  const done = () => openModal('login', {});

  if (resetToken) {
    return (
      <Modal open onClose={onClose} title={t('reset_title')} size="sm" testId="reset-password-modal">
        <LinkResetForm token={resetToken} onDone={done} />
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('forgot_title')}
      size="sm"
      testId="forgot-password-modal"
      hero={<div className="auth-hero auth-hero--forget" aria-hidden="true" />}
    >
      <div className="form-stack">
        {features.phoneVerification ? (
          <Tabs
            items={[
              { id: 'mobile', label: t('forgot_tab_mobile') },
              { id: 'email', label: t('forgot_tab_email') },
            ]}
            value={tab}
            onChange={setTab}
            label={t('forgot_tabs')}
            variant="underline"
            className="auth-tabs"
          />
        ) : null}
        {tab === 'mobile' ? <PhoneResetForm onDone={done} /> : <EmailResetForm onDone={done} />}
        <p className="auth-switch">
          <button type="button" className="text-link" onClick={() => openModal('login', {})}>
            {t('back_to_login')}
          </button>
        </p>
      </div>
    </Modal>
  );
}
