import { memberEndpoints } from '@app/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input, Modal, Spinner } from '../../../../components/ui/index.ts';
import { showToast } from '../../../../lib/ui/index.ts';
import { useTotpDisable, useTotpEnable, useTotpSetup } from '../../api/totp.ts';
import { useAuthMessages } from '../../hooks/messages.ts';
import { contractResolver, requestBody } from '../../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../../lib/forms/messages.ts';
import { ReauthCancelled } from './useReauth.ts';

/** Authenticator app (Google Authenticator and others): scan, confirm with a code; or turn it off. */
export function AuthenticatorDialog({
  enabled,
  withReauth,
  hidden = false,
  onClose,
}: {
  enabled: boolean;
  withReauth: <T>(action: (token: string) => Promise<T>) => Promise<T>;
  /** Hidden (not closed) while the password is asked again above it. */
  hidden?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const messages = useAuthMessages();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const disable = useTotpDisable();
  const [secret, setSecret] = useState<{ secret: string; qr: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formMessages = useFormMessages();
  const form = useForm({
    resolver: contractResolver(requestBody(memberEndpoints.totpEnable), formMessages.message),
    defaultValues: { code: '' },
  });

  useEffect(() => {
    if (enabled) return;
    let alive = true;
    void (async () => {
      try {
        const value = await withReauth((reauthToken) => setup.mutateAsync({ body: { reauthToken } }));
        const { toDataURL } = await import('qrcode');
        const qr = await toDataURL(value.otpauthUrl, { width: 180, margin: 2 });
        if (alive) setSecret({ secret: value.secret, qr });
      } catch (error) {
        if (error instanceof ReauthCancelled) onClose();
        else if (alive) setFormError(messages.error(error));
      }
    })();
    return () => {
      alive = false;
    };
    // Set up once when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      if (enabled) {
        await withReauth((reauthToken) => disable.mutateAsync({ body: { reauthToken, code: v.code } }));
        showToast(t('sc_totp_disabled_done'), 'success');
      } else {
        await enable.mutateAsync({ body: { code: v.code } });
        showToast(t('sc_totp_enabled_done'), 'success');
      }
      onClose();
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      setFormError(messages.error(error));
    }
  });

  return (
    <Modal
      open={!hidden}
      onClose={onClose}
      title={t('sc_totp')}
      description={enabled ? t('sc_totp_disable_intro') : t('sc_totp_scan')}
      size="sm"
      testId="totp-dialog"
    >
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        {!enabled ? (
          secret ? (
            <div className="sc-totp">
              <img src={secret.qr} alt={t('sc_totp_qr_alt')} width={180} height={180} />
              <p className="sc-totp__secret">
                {t('sc_totp_secret')} <code data-testid="totp-secret">{secret.secret}</code>
              </p>
            </div>
          ) : (
            <div className="sc-totp">
              <Spinner size="lg" />
            </div>
          )
        ) : null}
        <Input
          label={t('sc_totp_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          icon="smartphoneCode"
          required
          error={form.formState.errors.code?.message}
          data-testid="totp-code"
          {...form.register('code')}
        />
        <Button
          type="submit"
          block
          variant={enabled ? 'danger' : 'primary'}
          loading={enable.isPending || disable.isPending}
          disabled={!enabled && !secret}
        >
          {enabled ? t('sc_totp_disable') : t('sc_totp_enable')}
        </Button>
      </form>
    </Modal>
  );
}
