import { sessionEndpoints } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../components/ui/index.ts';
import { call } from '../../../lib/api/index.ts';
import { clearSession } from '../../../lib/session/index.ts';
import { openModal } from '../../../lib/ui/index.ts';

/**
 * Spec §4 and §8: a trial account that reaches a member feature or a real-money game gets an info
 * dialog (in_need_true_account), not a passing toast. It offers the way out: end the trial and
 * register a real account.
 */
export function TrialAccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const createAccount = () => {
    // The trial session ends on the server and here, then registration opens.
    void call(sessionEndpoints.logout).catch(() => undefined);
    clearSession();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[1] !== '/wps/system/status' });
    openModal('register', {});
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('trial_dialog_title')}
      description={t('in_need_true_account')}
      testId="trial-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-testid="trial-dialog-close">
            {t('trial_not_now')}
          </Button>
          <Button onClick={createAccount} data-testid="trial-dialog-register">
            {t('trial_create_account')}
          </Button>
        </>
      }
    >
      {null}
    </Modal>
  );
}
