import { checkFieldRule, registrationEndpoints, type RegisterSetting } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button, Checkbox, Input, Modal } from '../../../components/ui/index.ts';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { completeSignIn } from '../../../lib/session/signIn.ts';
import { useSystemStatus } from '../../../lib/system/index.ts';
import { openModal, showToast } from '../../../lib/ui/index.ts';
import { applyApiError } from '../../../lib/forms/applyApiError.ts';
import { ruleMessage } from '../api/patternMessages.ts';
import { useFieldMessage } from '../../../lib/forms/useFieldMessage.ts';
import '../auth.css';

type FieldName = 'username' | 'password';

/** Spec §5: username and password follow the server's rule per field; confirm must match. */
const buildSchema = (setting: RegisterSetting, language: string) => {
  const ruled = (field: FieldName) =>
    z.string().trim().min(1, 'field_required').superRefine((value, ctx) => {
      const rule = setting.fields.find((f) => f.field === field)?.rule;
      const violation = rule ? checkFieldRule(rule, value) : null;
      if (violation) ctx.addIssue({ code: 'custom', message: ruleMessage(violation, language) });
    });
  return z
    .object({
      username: ruled('username'),
      password: ruled('password'),
      confirmPassword: z.string().trim().min(1, 'field_required'),
      referralCode: z.string().trim(),
      terms: z.boolean().refine((v) => v, 'terms_required'),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'password_mismatch' });
};
type RegisterForm = z.infer<ReturnType<typeof buildSchema>>;

export interface RegisterModalProps {
  /** From `/register?referralCode=` (spec §2). */
  referralCode?: string | undefined;
  onClose: () => void;
}

export function RegisterModal({ referralCode, onClose }: RegisterModalProps) {
  const { t, i18n } = useTranslation();
  const message = useFieldMessage();
  const { register: setting } = useSystemStatus();
  const schema = useMemo(() => buildSchema(setting, i18n.language), [setting, i18n.language]);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '', confirmPassword: '', referralCode: referralCode ?? '', terms: false },
  });
  const { errors } = form.formState;

  const register = useEndpointMutation(registrationEndpoints.register, {
    onSuccess: (value) => {
      if (value.login) void completeSignIn(value.login.token, value.login);
      showToast(t('login_success'), 'success');
      onClose();
    },
    onError: (error) =>
      setFormError(
        applyApiError(error, ['username', 'password', 'confirmPassword', 'referralCode'], form.setError, t('network_abnormal')),
      ),
  });

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    register.mutate({
      body: {
        username: values.username,
        password: values.password,
        confirmPassword: values.confirmPassword,
        referralCode: values.referralCode || undefined,
        domain: window.location.host,
        registerUrl: window.location.href,
        registerMethod: 'WEB',
        login: true,
      },
    });
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('register_title')}
      description={t('register_subtitle')}
      testId="register-modal"
      hero={<div className="auth-hero auth-hero--register" aria-hidden="true" />}
    >
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate data-testid="register-form">
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Input label={t('username')} placeholder={t('username_placeholder')} autoComplete="username" icon="user" required error={message(errors.username?.message)} {...form.register('username')} />
        <Input label={t('password')} placeholder={t('password_placeholder')} type="password" autoComplete="new-password" icon="lock" revealable required error={message(errors.password?.message)} {...form.register('password')} />
        <Input label={t('confirm_password')} type="password" autoComplete="new-password" icon="lock" revealable required error={message(errors.confirmPassword?.message)} {...form.register('confirmPassword')} />
        <Input
          label={t('referral_code')}
          icon="gift"
          autoComplete="off"
          // Also the value attribute, so the code from the link is visible in the markup.
          defaultValue={referralCode}
          error={message(errors.referralCode?.message)}
          {...form.register('referralCode')}
        />
        <Checkbox label={t('terms_agree')} error={message(errors.terms?.message)} {...form.register('terms')} />
        <Button type="submit" size="lg" block loading={register.isPending} data-testid="register-submit">
          {t('register_submit')}
        </Button>
        <p className="auth-switch">
          {t('has_account')}{' '}
          <button type="button" className="text-link" onClick={() => openModal('login', {})}>
            {t('login')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
