import { operatorEndpoints } from '@app/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Input, Spinner } from '../../../components/ui/index.ts';
import { applyApiError } from '../../../lib/forms/applyApiError.ts';
import { contractResolver, requestBody } from '../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../lib/forms/messages.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import {
  useChangeOperatorPassword,
  useOperatorTotpEnable,
  useOperatorTotpSetup,
  useVerifyTotp,
} from '../api/account.ts';
import { setOperatorSession, type OperatorSession } from '../api/client.ts';
import { useOperatorLogout } from '../api/logout.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';

const MISMATCH = 'cs_password_mismatch';

/**
 * Changing one's own password: the current one, the new one twice. At first login it is forced
 * (the bootstrap or one-time password); later it is in "My account".
 */
export function PasswordForm({ t, onDone }: { t: ConsoleT; onDone?: () => void }) {
  const change = useChangeOperatorPassword();
  const messages = useFormMessages();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = requestBody(operatorEndpoints.changePassword)
    .extend({ confirmPassword: z.string() })
    .refine((v) => v.confirmPassword === v.newPassword, { path: ['confirmPassword'], message: MISMATCH });
  const form = useForm({
    resolver: contractResolver(schema, (m) => (m === MISMATCH ? t('cs_password_mismatch') : messages.message(m))),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      onDone?.();
    } catch (error) {
      setFormError(applyApiError(error, ['currentPassword', 'newPassword'] as const, form.setError, t('cs_failed')));
    }
  });
  return (
    <form className="console-form" onSubmit={(e) => void submit(e)} noValidate data-testid="console-password-form">
      <Input
        label={t('cs_current_password')}
        type="password"
        revealable
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        data-testid="console-current-password"
        {...form.register('currentPassword')}
      />
      <Input
        label={t('cs_new_password')}
        type="password"
        revealable
        autoComplete="new-password"
        hint={t('cs_new_password_hint')}
        error={errors.newPassword?.message}
        data-testid="console-new-password"
        {...form.register('newPassword')}
      />
      <Input
        label={t('cs_confirm_password')}
        type="password"
        revealable
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        data-testid="console-confirm-password"
        {...form.register('confirmPassword')}
      />
      {formError ? (
        <p className="field__error" role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" loading={change.isPending} data-testid="console-password-save">
        {t('cs_change_password')}
      </Button>
    </form>
  );
}

/** A six-digit code from the authenticator app, for the login's code step or to confirm enrolment. */
function CodeForm({
  t,
  busy,
  send,
  submitLabel,
}: {
  t: ConsoleT;
  busy: boolean;
  send: (code: string) => Promise<unknown>;
  submitLabel: string;
}) {
  const messages = useFormMessages();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: contractResolver(requestBody(operatorEndpoints.verifyTotp), messages.message),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      await send(code);
    } catch (error) {
      form.reset({ code: '' });
      setFormError(applyApiError(error, ['code'] as const, form.setError, t('cs_failed')));
    }
  });
  return (
    <form className="console-form" onSubmit={(e) => void submit(e)} noValidate>
      <Input
        label={t('cs_totp_code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={form.formState.errors.code?.message}
        data-testid="console-totp-code"
        {...form.register('code')}
      />
      {formError ? (
        <p className="field__error" role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" loading={busy} data-testid="console-totp-submit">
        {submitLabel}
      </Button>
    </form>
  );
}

function QrImage({ text, alt }: { text: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(text, { width: 180, margin: 2, errorCorrectionLevel: 'M' }).then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img className="console-qr" src={src} width={180} height={180} alt={alt} />
  ) : (
    <span className="console-qr console-qr--loading" role="img" aria-label={alt} />
  );
}

/** Enrolling an authenticator: scan the QR code (or type the key), then confirm with a code. */
function TotpEnrol({ t }: { t: ConsoleT }) {
  const setup = useOperatorTotpSetup();
  const enable = useOperatorTotpEnable();
  const { mutate } = setup;
  useEffect(() => mutate(), [mutate]);
  if (setup.error)
    return (
      <div className="console-form">
        <p className="field__error" role="alert">
          {setup.error.message}
        </p>
        <Button variant="secondary" onClick={() => setup.mutate()}>
          {t('cs_retry')}
        </Button>
      </div>
    );
  if (!setup.data)
    return (
      <p className="console-muted" role="status">
        <Spinner size="sm" decorative /> {t('cs_loading')}
      </p>
    );
  return (
    <div className="console-enrol">
      <ol className="console-enrol__how">
        <li>{t('cs_totp_scan')}</li>
        <li>{t('cs_totp_type_code')}</li>
      </ol>
      <div className="console-enrol__secret">
        <QrImage text={setup.data.otpauthUrl} alt={t('cs_totp_qr_alt')} />
        <p className="console-muted">{t('cs_totp_key')}</p>
        <code className="console-secret" data-testid="console-totp-secret">
          {setup.data.secret}
        </code>
      </div>
      <CodeForm
        t={t}
        busy={enable.isPending}
        submitLabel={t('cs_totp_confirm')}
        send={(code) => enable.mutateAsync({ code })}
      />
    </div>
  );
}

const STEP_TITLES = {
  totp: ['cs_step_totp', 'cs_step_totp_hint'],
  password_change: ['cs_step_password', 'cs_step_password_hint'],
  totp_enrol: ['cs_step_enrol', 'cs_step_enrol_hint'],
} as const;

/** The console before the login is complete: one step at a time, in the server's order. */
export function AccountSteps({ session, t }: { session: OperatorSession; t: ConsoleT }) {
  const { siteName } = useWhitelabel();
  const logout = useOperatorLogout();
  const verify = useVerifyTotp();
  const step = (session.pending[0] ?? 'totp') as keyof typeof STEP_TITLES;
  const [title, hint] = STEP_TITLES[step] ?? STEP_TITLES.totp;
  return (
    <main className="console-login">
      <section
        className="console-card console-login__form console-step"
        aria-labelledby="console-step-title"
        data-testid={`console-step-${step}`}
      >
        <p className="console-muted">{t('cs_title', { site: siteName })}</p>
        <h1 id="console-step-title" className="console-login__title">
          {t(title)}
        </h1>
        <p className="console-muted">{t(hint, { username: session.username })}</p>
        {session.pending.length > 1 ? (
          <p className="console-muted" data-testid="console-step-count">
            {t('cs_steps_left', { count: session.pending.length })}
          </p>
        ) : null}
        {step === 'password_change' ? <PasswordForm key="password" t={t} /> : null}
        {step === 'totp_enrol' ? <TotpEnrol key="enrol" t={t} /> : null}
        {step === 'totp' ? (
          <CodeForm
            key="code"
            t={t}
            busy={verify.isPending}
            submitLabel={t('cs_totp_verify')}
            send={(code) => verify.mutateAsync({ code })}
          />
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => logout.mutate(undefined, { onSettled: () => setOperatorSession(null) })}
        >
          {t('cs_logout')}
        </Button>
      </section>
    </main>
  );
}
