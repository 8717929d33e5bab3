import { Button, Modal } from '../../../components/ui/index.ts';
import { useReissueDownlinePassword } from '../api/reissueDownlinePassword.ts';
import { useAgentText } from '../hooks/useAgentText.ts';
import { OneTimePassword } from './OneTimePassword.tsx';
import { errorText } from './QueryView.tsx';

/**
 * A new one-time password for a downline that has not chosen its own yet (decision 055): asked
 * for, then shown once; the previous one stops working.
 */
export function NewPasswordModal({
  downline,
  onClose,
}: {
  downline: { id: number; account: string };
  onClose: () => void;
}) {
  const { t } = useAgentText();
  const issue = useReissueDownlinePassword();
  const done = issue.data;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('ag_new_password_title', { account: downline.account })}
      description={done ? undefined : t('ag_new_password_intro')}
      size="sm"
      testId="ag-new-password-modal"
    >
      {done ? (
        <OneTimePassword password={done.oneTimePassword} expiresAt={done.oneTimePasswordExpiresAt} />
      ) : (
        <div className="form-stack">
          {issue.error ? (
            <p className="ag-form__error" role="alert">
              {errorText(t, issue.error)}
            </p>
          ) : null}
          <Button
            loading={issue.isPending}
            onClick={() => issue.mutate({ body: { memberId: downline.id } })}
            data-testid="ag-new-password-confirm"
          >
            {t('ag_new_password_confirm')}
          </Button>
        </div>
      )}
    </Modal>
  );
}
