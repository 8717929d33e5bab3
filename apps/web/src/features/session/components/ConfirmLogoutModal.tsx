import { sessionEndpoints } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Modal } from '../../../components/ui/index.ts';
import { call } from '../../../lib/api/index.ts';
import { clearSession } from '../../../lib/session/index.ts';

export interface ConfirmLogoutModalProps {
  returnTo?: string | undefined;
  onClose: () => void;
}

/** Spec §4: logout asks first, then clears the session (the merchant code stays). */
export function ConfirmLogoutModal({ returnTo = '/', onClose }: ConfirmLogoutModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = () => {
    // Revoke the token on the server; the local session ends either way (spec §4).
    void call(sessionEndpoints.logout).catch(() => undefined);
    clearSession();
    // Member data must not survive into the next visitor's session on this tab.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[1] !== '/wps/system/status' });
    onClose();
    void navigate(returnTo, { replace: true });
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('logout')}
      description={t('logout_confirm')}
      testId="logout-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={confirm} data-testid="logout-confirm">
            {t('confirm')}
          </Button>
        </>
      }
    >
      {null}
    </Modal>
  );
}
