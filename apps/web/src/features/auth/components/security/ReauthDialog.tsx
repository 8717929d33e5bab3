import { memberEndpoints } from '@app/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input, Modal } from '../../../../components/ui/index.ts';
import { useReauth } from '../../api/reauth.ts';
import { useAuthMessages } from '../../hooks/messages.ts';
import { contractResolver, requestBody } from '../../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../../lib/forms/messages.ts';

/** "Confirm your password" before a sensitive change (re-authentication). */
export function ReauthDialog({
  onGranted,
  onCancel,
}: {
  onGranted: (token: string, seconds: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const messages = useAuthMessages();
  const reauth = useReauth();
  const [formError, setFormError] = useState<string | null>(null);
  const formMessages = useFormMessages();
  const form = useForm({
    resolver: contractResolver(requestBody(memberEndpoints.reauth), formMessages.message),
    defaultValues: { password: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const value = await reauth.mutateAsync({ body: { password: v.password } });
      onGranted(value.reauthToken, value.expiresInSeconds);
    } catch (error) {
      const fields = messages.fields(error);
      if (fields.password) form.setError('password', { type: 'server', message: fields.password });
      else setFormError(messages.error(error));
    }
  });
  return (
    <Modal
      open
      onClose={onCancel}
      title={t('sc_reauth_title')}
      description={t('sc_reauth_intro')}
      size="sm"
      testId="reauth-dialog"
    >
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Input
          label={t('password')}
          type="password"
          autoComplete="current-password"
          icon="lock"
          revealable
          required
          error={form.formState.errors.password?.message}
          data-testid="reauth-password"
          {...form.register('password')}
        />
        <Button type="submit" block loading={reauth.isPending} data-testid="reauth-submit">
          {t('sc_continue')}
        </Button>
      </form>
    </Modal>
  );
}
