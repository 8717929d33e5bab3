import { changePasswordBody, validateNewPassword, type FieldIssue, type RegisterSetting } from '@app/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Input, Modal } from '../../../components/ui/index.ts';
import { clearSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useChangePassword } from '../api/changePassword.ts';
import { logoutOnServer } from '../api/logout.ts';
import { useRegisterSetting } from '../api/registerSetting.ts';
import { finishLogin } from '../hooks/afterLogin.ts';
import { useAuthMessages } from '../hooks/messages.ts';
import { applyApiError } from '../../../lib/forms/applyApiError.ts';
import { addFieldIssues, contractResolver } from '../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../lib/forms/messages.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import '../auth.css';

/**
 * The change-password body: the current password (in the forced flow, the one-time password just
 * used to log in; decision 055), the brand's rule for the new one.
 */
const changePasswordForm = (setting: RegisterSetting, issueText: (issue: FieldIssue) => string) =>
  changePasswordBody.superRefine((v, ctx) => {
    if (!v.oldPassword) ctx.addIssue({ code: 'custom', path: ['oldPassword'], message: 'field_required' });
    addFieldIssues(ctx, validateNewPassword(setting, v), issueText);
  });

export interface ChangePasswordModalProps {
  area?: 'member' | 'agent' | undefined;
  /** Right after a login with a default or expired password (spec §4): cannot be dismissed. */
  forced?: boolean | undefined;
  onClose: () => void;
}

/**
 * Change password (spec §5): the old password unless it is already known from the forced flow,
 * the new one by the brand's password rule, and a matching confirmation. In the forced flow the
 * only way out is signing out.
 */
export function ChangePasswordModal({ area = 'member', forced = false, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messages = useAuthMessages();
  const setting = useRegisterSetting();
  const [formError, setFormError] = useState<string | null>(null);
  const formMessages = useFormMessages();
  const resolver = useMemo(
    () => contractResolver(changePasswordForm(setting, formMessages.issue), formMessages.message),
    [setting, formMessages],
  );
  const form = useForm({
    resolver,
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const { errors } = form.formState;
  const change = useChangePassword();

  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await change.mutateAsync({
        body: {
          oldPassword: v.oldPassword,
          newPassword: v.newPassword,
          confirmNewPassword: v.confirmNewPassword,
        },
      });
      showToast(t('password_changed'), 'success');
      onClose();
      if (forced) {
        await finishLogin();
        if (area === 'agent') void navigate('/agentHome', { replace: true });
      }
    } catch (error) {
      const message = messages.error(error);
      const fieldNames = ['oldPassword', 'newPassword', 'confirmNewPassword'] as const;
      setFormError(
        applyApiError(error, fieldNames, form.setError, message, { fields: messages.fields(error), message }),
      );
    }
  });

  const signOut = () => {
    void logoutOnServer();
    clearSession();
    onClose();
    void navigate(area === 'agent' ? '/agent' : '/', { replace: true });
  };

  return (
    <Modal
      open
      onClose={forced ? signOut : onClose}
      dismissible={!forced}
      title={forced ? t('change_password_forced_title') : t('change_password')}
      description={forced ? t('change_password_forced_intro') : undefined}
      size="sm"
      testId="change-password-modal"
    >
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate data-testid="change-password-form">
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Input
          label={t('old_password')}
          type="password"
          autoComplete="current-password"
          icon="lock"
          revealable
          required
          error={errors.oldPassword?.message}
          data-testid="old-password"
          {...form.register('oldPassword')}
        />
        <NewPasswordFields register={form.register} errors={errors} />
        <Button type="submit" size="lg" block loading={change.isPending} data-testid="change-password-submit">
          {t('change_password_submit')}
        </Button>
        {forced ? (
          <button type="button" className="text-link auth-center" onClick={signOut} data-testid="forced-signout">
            {t('logout_instead')}
          </button>
        ) : null}
      </form>
    </Modal>
  );
}
