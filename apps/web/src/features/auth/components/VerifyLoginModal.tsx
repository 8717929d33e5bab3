import { completeVerificationBody, smsCode, type VerificationMethod } from '@app/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Input, Modal, Tabs } from '../../../components/ui/index.ts';
import { clearSession } from '../../../lib/session/index.ts';
import { openModal, showToast } from '../../../lib/ui/index.ts';
import { logoutOnServer } from '../api/logout.ts';
import { useCompleteVerification, useSendVerificationCode } from '../api/verifyLogin.ts';
import { finishLogin } from '../hooks/afterLogin.ts';
import { useAuthMessages } from '../hooks/messages.ts';
import { contractResolver } from '../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../lib/forms/messages.ts';
import { SendCodeButton } from './SendCodeButton.tsx';
import '../auth.css';

export interface VerifyLoginModalProps {
  area?: 'member' | 'agent' | undefined;
  methods?: { method: VerificationMethod; destination: string | null }[] | undefined;
  onClose: () => void;
}

/** The verification body's answer for the chosen method: the bank account name, or a 6-digit code. */
const verifyForm = (method: VerificationMethod) =>
  completeVerificationBody.pick({ code: true, payeeName: true }).superRefine((v, ctx) => {
    if (method === 'payeeName') {
      if (!v.payeeName) ctx.addIssue({ code: 'custom', path: ['payeeName'], message: 'field_required' });
    } else {
      for (const issue of smsCode.safeParse(v.code).error?.issues ?? [])
        ctx.addIssue({ code: 'custom', path: ['code'], message: issue.message });
    }
  });

/**
 * Extra verification of a login from a new IP (spec §4): an SMS or e-mail code, an authenticator
 * code, or the bank account name. Until it passes the account shows nothing
 * ('Please complete verification first'); leaving signs out.
 */
export function VerifyLoginModal({ area = 'member', methods = [], onClose }: VerifyLoginModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messages = useAuthMessages();
  const [method, setMethod] = useState<VerificationMethod>(methods[0]?.method ?? 'sms');
  const [formError, setFormError] = useState<string | null>(null);
  const current = methods.find((m) => m.method === method);
  const formMessages = useFormMessages();
  const form = useForm({
    resolver: contractResolver(verifyForm(method), formMessages.message),
    defaultValues: { code: '', payeeName: '' },
  });
  const { errors } = form.formState;
  const sendCode = useSendVerificationCode();
  const complete = useCompleteVerification();

  const send = async (): Promise<number | null> => {
    if (method !== 'sms' && method !== 'email') return null;
    setFormError(null);
    try {
      const value = await sendCode.mutateAsync({ body: { method } });
      return value.expiredMinutes * 60;
    } catch (error) {
      setFormError(messages.error(error));
      return null;
    }
  };

  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const result = await complete.mutateAsync({
        body: method === 'payeeName' ? { method, payeeName: v.payeeName ?? '' } : { method, code: v.code ?? '' },
      });
      if (result.mustChangePassword) {
        openModal('changePassword', { area, forced: true });
        return;
      }
      onClose();
      await finishLogin();
      showToast(t('verify_done'), 'success');
      if (area === 'agent') void navigate('/agentHome', { replace: true });
    } catch (error) {
      const fields = messages.fields(error);
      if (fields.payeeName) form.setError('payeeName', { type: 'server', message: t('verify_payee_mismatch') });
      else setFormError(messages.error(error));
      if (error instanceof Error && 'status' in error && (error as { status: number }).status === 429) signOut();
    }
  });

  const signOut = () => {
    void logoutOnServer();
    clearSession();
    onClose();
    if (area === 'agent') void navigate('/agent', { replace: true });
  };

  const label = (m: VerificationMethod) => t(`verify_method_${m}`);
  return (
    <Modal
      open
      onClose={signOut}
      dismissible={false}
      title={t('verify_title')}
      description={t('verify_intro')}
      size="sm"
      testId="verify-login-modal"
    >
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
        {methods.length > 1 ? (
          <Tabs
            items={methods.map((m) => ({ id: m.method, label: label(m.method) }))}
            value={method}
            onChange={(m) => {
              setMethod(m);
              setFormError(null);
              form.clearErrors();
            }}
            label={t('verify_methods')}
            variant="pills"
          />
        ) : null}
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        {method === 'payeeName' ? (
          <Input
            label={t('verify_method_payeeName')}
            hint={t('verify_payee_hint')}
            icon="user"
            autoComplete="name"
            required
            error={errors.payeeName?.message}
            data-testid="verify-payee"
            {...form.register('payeeName')}
          />
        ) : (
          <Input
            key={method}
            label={label(method)}
            hint={
              method === 'totp'
                ? t('verify_totp_hint')
                : current?.destination
                  ? t('code_goes_to', { destination: current.destination })
                  : undefined
            }
            icon="key"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            error={errors.code?.message}
            data-testid="verify-code"
            trailing={
              method === 'sms' || method === 'email' ? (
                <SendCodeButton onSend={send} pending={sendCode.isPending} />
              ) : undefined
            }
            {...form.register('code')}
          />
        )}
        <Button type="submit" size="lg" block loading={complete.isPending} data-testid="verify-submit">
          {t('verify_submit')}
        </Button>
        <button type="button" className="text-link auth-center" onClick={signOut}>
          {t('logout_instead')}
        </button>
      </form>
    </Modal>
  );
}
