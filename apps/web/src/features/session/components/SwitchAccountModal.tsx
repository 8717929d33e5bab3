import { sessionRoutes } from '@app/contract/routes/session';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../components/ui/index.ts';
import { call } from '../../../lib/api/index.ts';
import { adoptLinkSession, revokeSession, type LinkSession } from '../signInFromLink.ts';

export interface SwitchAccountModalProps {
  /** The account signed in on this tab. */
  current: string;
  /** The session a sign-in link just gave, for another account. */
  link: LinkSession;
  onClose: () => void;
}

/**
 * A sign-in link for another account than the one signed in (decision 055): nothing is replaced
 * until the member says so. Switching ends the current session; staying ends the link's.
 */
export function SwitchAccountModal({ current, link, onClose }: SwitchAccountModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const stay = () => {
    void revokeSession(link.token);
    onClose();
  };
  const switchTo = async () => {
    setBusy(true);
    await call(sessionRoutes.logout).catch(() => undefined);
    await adoptLinkSession(link);
    onClose();
  };

  return (
    <Modal
      open
      onClose={stay}
      size="sm"
      title={t('switch_account_title')}
      description={t('switch_account_body', { current, next: link.account })}
      testId="switch-account-modal"
      footer={
        <>
          <Button variant="secondary" onClick={stay} data-testid="switch-account-stay">
            {t('switch_account_stay', { current })}
          </Button>
          <Button loading={busy} onClick={() => void switchTo()} data-testid="switch-account-confirm">
            {t('switch_account_confirm', { next: link.account })}
          </Button>
        </>
      }
    >
      {null}
    </Modal>
  );
}
