import type { SecurityValue } from '@app/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { Button, EmptyState, Icon, Skeleton, type IconName } from '../../../components/ui/index.ts';
import { openModal } from '../../../lib/ui/index.ts';
import { useSecurity } from '../api/security.ts';
import { useAuthMessages } from '../hooks/messages.ts';
import { AuthenticatorDialog } from './security/AuthenticatorDialog.tsx';
import { ContactDialog } from './security/ContactDialog.tsx';
import { LoginHistory } from './security/LoginHistory.tsx';
import { PaymentPasswordDialog } from './security/PaymentPasswordDialog.tsx';
import { ProfileCard } from './security/ProfileCard.tsx';
import { ReauthDialog } from './security/ReauthDialog.tsx';
import { useReauthTicket } from './security/useReauth.ts';
import '../auth.css';
import '../security.css';

type Dialog = 'payment' | 'mobile' | 'email' | 'totp' | null;

function Row({
  icon,
  title,
  status,
  on,
  action,
  testId,
}: {
  icon: IconName;
  title: string;
  status: ReactNode;
  on: boolean;
  action: ReactNode;
  testId: string;
}) {
  return (
    <li className="sc-row" data-testid={testId}>
      <span className={`sc-row__icon${on ? ' sc-row__icon--on' : ''}`} aria-hidden="true">
        <Icon name={icon} size={20} />
      </span>
      <span className="sc-row__text">
        <span className="sc-row__title">{title}</span>
        <span className="sc-row__status">{status}</span>
      </span>
      {action}
    </li>
  );
}

/**
 * The member centre's securityCenter page (spec §2): profile, login password, payment password,
 * mobile and e-mail (bound with a fresh code after re-entering the password), authenticator app,
 * and the login history.
 */
export function SecurityCenter() {
  const { t } = useTranslation();
  const brandTime = useBrandTime();
  const messages = useAuthMessages();
  const { data, isLoading, error, refetch } = useSecurity();
  const { withReauth, asking, granted, cancelled } = useReauthTicket();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (isLoading) return <Skeleton height={320} />;
  if (!data) {
    return (
      <EmptyState
        icon="shield"
        title={messages.error(error)}
        action={
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const s: SecurityValue = data;
  const action = (label: string, open: () => void, testId: string) => (
    <Button variant="secondary" size="sm" onClick={open} data-testid={testId}>
      {label}
    </Button>
  );

  return (
    <div className="sc" data-testid="security-center">
      <ProfileCard security={s} />
      <section className="sc-card" aria-labelledby="sc-settings-title">
        <h2 id="sc-settings-title" className="sc-card__title">
          {t('sc_settings')}
        </h2>
        <ul className="sc-rows">
          <Row
            icon="lock"
            title={t('sc_login_password')}
            on
            status={t('sc_changed_on', { date: brandTime.date(s.passwordChangedAt) })}
            action={action(t('sc_change'), () => openModal('changePassword', { area: 'member' }), 'sc-change-password')}
            testId="sc-row-password"
          />
          <Row
            icon="key"
            title={t('sc_payment_password')}
            on={s.hasPaymentPassword}
            status={s.hasPaymentPassword ? t('sc_is_set') : t('sc_not_set')}
            action={action(
              s.hasPaymentPassword ? t('sc_change') : t('sc_set'),
              () => setDialog('payment'),
              'sc-payment-password',
            )}
            testId="sc-row-payment"
          />
          <Row
            icon="phone"
            title={t('sc_mobile')}
            on={!!s.mobile}
            status={s.mobile ?? t('sc_not_bound')}
            action={action(s.mobile ? t('sc_change') : t('sc_bind'), () => setDialog('mobile'), 'sc-mobile')}
            testId="sc-row-mobile"
          />
          <Row
            icon="mail"
            title={t('sc_email')}
            on={!!s.email}
            status={s.email ?? t('sc_not_bound')}
            action={action(s.email ? t('sc_change') : t('sc_bind'), () => setDialog('email'), 'sc-email')}
            testId="sc-row-email"
          />
          <Row
            icon="smartphoneCode"
            title={t('sc_totp')}
            on={s.totpEnabled}
            status={s.totpEnabled ? t('sc_totp_on') : t('sc_totp_off')}
            action={action(
              s.totpEnabled ? t('sc_totp_disable') : t('sc_totp_enable'),
              () => setDialog('totp'),
              'sc-totp',
            )}
            testId="sc-row-totp"
          />
        </ul>
      </section>
      <LoginHistory />
      {dialog === 'payment' ? (
        <PaymentPasswordDialog
          hasOne={s.hasPaymentPassword}
          withReauth={withReauth}
          hidden={asking}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'mobile' || dialog === 'email' ? (
        <ContactDialog kind={dialog} withReauth={withReauth} hidden={asking} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'totp' ? (
        <AuthenticatorDialog
          enabled={s.totpEnabled}
          withReauth={withReauth}
          hidden={asking}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {asking ? <ReauthDialog onGranted={granted} onCancel={cancelled} /> : null}
    </div>
  );
}
