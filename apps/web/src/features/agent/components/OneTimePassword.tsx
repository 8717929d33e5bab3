import { Icon } from '../../../components/ui/index.ts';
import { useAgentText } from '../hooks/useAgentText.ts';
import { When } from './Bits.tsx';
import { CopyButton } from './Copy.tsx';

/**
 * A one-time password as the server answered it once (decision 055): the password with a copy
 * button, how long it logs in, and the warning that it cannot be shown again.
 */
export function OneTimePassword({ password, expiresAt }: { password: string; expiresAt: string }) {
  const { t } = useAgentText();
  return (
    <div className="ag-otp" data-testid="ag-otp">
      <p>
        {t('ag_reg_password_note')} <code data-testid="ag-reg-password">{password}</code>
        <CopyButton text={password} label={t('ag_copy')} testId="ag-reg-password-copy" />
      </p>
      <p className="ag-muted">
        {t('ag_reg_password_until')} <When value={expiresAt} />
      </p>
      <p className="ag-otp__once" role="note" data-testid="ag-reg-password-once">
        <Icon name="info" size={16} /> {t('ag_reg_password_once')}
      </p>
    </div>
  );
}
