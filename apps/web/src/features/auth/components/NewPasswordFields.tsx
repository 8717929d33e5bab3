import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/index.ts';
import { usePasswordRuleHint } from '../hooks/passwordHint.ts';

export interface NewPasswordValues {
  newPassword: string;
  confirmNewPassword: string;
}

/** New password and its confirmation, shared by the change and reset forms. */
export function NewPasswordFields<T extends NewPasswordValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const { t } = useTranslation();
  const hint = usePasswordRuleHint();
  const r = register as unknown as UseFormRegister<NewPasswordValues>;
  const e = errors as FieldErrors<NewPasswordValues>;
  return (
    <>
      <Input
        label={t('new_password')}
        type="password"
        autoComplete="new-password"
        icon="lock"
        revealable
        required
        hint={e.newPassword ? undefined : hint}
        error={e.newPassword?.message}
        data-testid="new-password"
        {...r('newPassword')}
      />
      <Input
        label={t('confirm_password')}
        type="password"
        autoComplete="new-password"
        icon="lock"
        revealable
        required
        error={e.confirmNewPassword?.message}
        data-testid="confirm-new-password"
        {...r('confirmNewPassword')}
      />
    </>
  );
}
