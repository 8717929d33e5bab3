import { memberEndpoints } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button, Input, Modal } from '../../../components/ui/index.ts';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { applyApiError } from '../../../lib/forms/applyApiError.ts';
import { useFieldMessage } from '../../../lib/forms/useFieldMessage.ts';

/** Spec §5: old password, the new one, and a matching confirmation. */
const changeForm = z
  .object({
    oldPassword: z.string().trim().min(1, 'field_required'),
    newPassword: z.string().trim().min(1, 'field_required'),
    confirmNewPassword: z.string().trim().min(1, 'field_required'),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, { path: ['confirmNewPassword'], message: 'password_mismatch' });
type ChangeForm = z.infer<typeof changeForm>;

/** Change password: forced after a first login or an expired password, and from the agent login. */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangeForm>({
    resolver: zodResolver(changeForm),
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const { errors } = form.formState;

  const change = useEndpointMutation(memberEndpoints.changePassword, {
    onSuccess: () => {
      showToast(t('password_changed'), 'success');
      onClose();
    },
    onError: (error) =>
      setFormError(applyApiError(error, ['oldPassword', 'newPassword', 'confirmNewPassword'], form.setError, t('network_abnormal'))),
  });

  const submit = form.handleSubmit((body) => {
    setFormError(null);
    change.mutate({ body });
  });

  return (
    <Modal open onClose={onClose} title={t('change_password')} size="sm" testId="change-password-modal">
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Input label={t('old_password')} type="password" autoComplete="current-password" revealable required error={message(errors.oldPassword?.message)} {...form.register('oldPassword')} />
        <Input label={t('new_password')} type="password" autoComplete="new-password" revealable required error={message(errors.newPassword?.message)} {...form.register('newPassword')} />
        <Input label={t('confirm_password')} type="password" autoComplete="new-password" revealable required error={message(errors.confirmNewPassword?.message)} {...form.register('confirmNewPassword')} />
        <Button type="submit" size="lg" block loading={change.isPending}>
          {t('change_password_submit')}
        </Button>
      </form>
    </Modal>
  );
}
