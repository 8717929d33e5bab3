import { memberEndpoints } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button, Input, Modal } from '../../../components/ui/index.ts';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { openModal, showToast } from '../../../lib/ui/index.ts';
import { applyApiError } from '../../../lib/forms/applyApiError.ts';
import { useFieldMessage } from '../../../lib/forms/useFieldMessage.ts';
import '../auth.css';

/** Spec §5: by e-mail, username and e-mail are required. */
const resetForm = z.object({
  username: z.string().trim().min(1, 'field_required'),
  email: z.string().trim().min(1, 'field_required').email('email_invalid'),
});
type ResetForm = z.infer<typeof resetForm>;

export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetForm>({ resolver: zodResolver(resetForm), defaultValues: { username: '', email: '' } });
  const { errors } = form.formState;

  const reset = useEndpointMutation(memberEndpoints.passwordEmail, {
    onSuccess: () => {
      showToast(t('in_been_out'), 'success');
      openModal('login', {});
    },
    onError: (error) => setFormError(applyApiError(error, ['username', 'email'], form.setError, t('network_abnormal'))),
  });

  const submit = form.handleSubmit((body) => {
    setFormError(null);
    reset.mutate({ body });
  });

  return (
    <Modal open onClose={onClose} title={t('forgot_password')} size="sm" testId="forgot-password-modal">
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Input label={t('username')} autoComplete="username" icon="user" required error={message(errors.username?.message)} {...form.register('username')} />
        <Input
          label={t('email')}
          type="email"
          autoComplete="email"
          icon="message"
          required
          error={message(errors.email?.message)}
          {...form.register('email')}
        />
        <Button type="submit" size="lg" block loading={reset.isPending}>
          {t('confirm')}
        </Button>
        <p className="auth-switch">
          <button type="button" className="text-link" onClick={() => openModal('login', {})}>
            {t('login')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
