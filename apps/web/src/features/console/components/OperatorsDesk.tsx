import { OPERATOR_ROLES, operatorEndpoints, type ResponseOf } from '@app/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Input, Modal } from '../../../components/ui/index.ts';
import { applyApiError } from '../../../lib/forms/applyApiError.ts';
import { contractResolver, requestBody } from '../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../lib/forms/messages.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useOperatorSession } from '../api/client.ts';
import {
  useCreateOperator,
  useOperatorList,
  useResetOperatorPassword,
  useResetOperatorTotp,
  useUnlockOperator,
  useUpdateOperator,
} from '../api/operators.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskCard, DeskTable, Time } from './parts.tsx';

type Created = ResponseOf<typeof operatorEndpoints.create>;
type Operator = ResponseOf<typeof operatorEndpoints.list>['list'][number];
type Role = (typeof OPERATOR_ROLES)[number];
const roleKey = (r: string) => `cs_role_${r}` as Parameters<ConsoleT>[0];

/** The new operator's one-time password: shown here once, never again. */
function OneTimePassword({ created, onClose, t }: { created: Created; onClose: () => void; t: ConsoleT }) {
  const { timezone } = useWhitelabel();
  const [copied, setCopied] = useState(false);
  return (
    <Modal
      open
      onClose={onClose}
      title={t('cs_otp_title', { username: created.operator.username })}
      testId="console-otp"
      footer={
        <Button onClick={onClose} data-testid="console-otp-done">
          {t('cs_otp_done')}
        </Button>
      }
    >
      <p>{t('cs_otp_once')}</p>
      <div className="console-otp">
        <code className="console-secret" data-testid="console-otp-value">
          {created.oneTimePassword}
        </code>
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(created.oneTimePassword).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('cs_copied') : t('cs_copy')}
        </Button>
      </div>
      <p className="console-muted">
        {t('cs_otp_expires')} <Time iso={created.expiresAt} timeZone={timezone} />
      </p>
    </Modal>
  );
}

function CreateOperator({ t, onCreated }: { t: ConsoleT; onCreated: (c: Created) => void }) {
  const create = useCreateOperator();
  const messages = useFormMessages();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: contractResolver(requestBody(operatorEndpoints.create), messages.message),
    defaultValues: { username: '', role: 'support' as Role },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      onCreated(await create.mutateAsync(body));
      form.reset({ username: '', role: body.role });
    } catch (error) {
      setFormError(applyApiError(error, ['username', 'role'] as const, form.setError, t('cs_failed')));
    }
  });
  return (
    <DeskCard id="operators-create" title={t('cs_operator_new')} hint={t('cs_operator_new_hint')}>
      <form className="console-form console-form--row" onSubmit={(e) => void submit(e)} noValidate>
        <Input
          label={t('cs_username')}
          autoComplete="off"
          error={errors.username?.message}
          data-testid="operator-new-username"
          {...form.register('username')}
        />
        <label className="select">
          <span className="field__label">{t('cs_role')}</span>
          <select className="select__control console-select" data-testid="operator-new-role" {...form.register('role')}>
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(roleKey(r))}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" loading={create.isPending} data-testid="operator-create">
          {t('cs_operator_create')}
        </Button>
      </form>
      {formError ? (
        <p className="field__error" role="alert">
          {formError}
        </p>
      ) : null}
    </DeskCard>
  );
}

function OperatorRow({
  op,
  self,
  onNewPassword,
  t,
}: {
  op: Operator;
  self: boolean;
  onNewPassword: (c: Created) => void;
  t: ConsoleT;
}) {
  const { timezone } = useWhitelabel();
  const update = useUpdateOperator();
  const unlock = useUnlockOperator();
  const reset = useResetOperatorTotp();
  const newPassword = useResetOperatorPassword();
  const error = update.error ?? unlock.error ?? reset.error ?? newPassword.error;
  return (
    <tr data-testid={`operator-${op.username}`}>
      <td data-label={t('cs_username')}>
        <strong>{op.username}</strong>
        {self ? <span className="console-muted"> · {t('cs_you')}</span> : null}
        <div className="console-muted console-small">
          <Time iso={op.createdAt} timeZone={timezone} />
        </div>
      </td>
      <td data-label={t('cs_role')}>
        <select
          className="select__control console-select"
          aria-label={t('cs_role_of', { username: op.username })}
          value={op.role}
          disabled={self || update.isPending}
          onChange={(e) => update.mutate({ id: op.id, role: e.target.value as Role })}
          data-testid={`operator-role-${op.username}`}
        >
          {OPERATOR_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(roleKey(r))}
            </option>
          ))}
        </select>
      </td>
      <td data-label={t('cs_status')}>
        <span className={`console-status console-status--${op.status === 'active' ? 'available' : 'disabled'}`}>
          {t(op.status === 'active' ? 'cs_operator_active' : 'cs_operator_disabled')}
        </span>
        {op.locked ? <span className="console-status console-status--maintenance">{t('cs_locked')}</span> : null}
        {op.mustChangePassword ? (
          <div className="console-muted console-small">{t('cs_first_login_pending')}</div>
        ) : null}
      </td>
      <td data-label={t('cs_second_factor')}>{op.totpEnabled ? t('cs_totp_on') : t('cs_totp_off')}</td>
      <td data-label={t('cs_actions')}>
        <div className="console-actions">
          {!self ? (
            <Button
              size="sm"
              variant={op.status === 'active' ? 'secondary' : 'primary'}
              loading={update.isPending}
              onClick={() => update.mutate({ id: op.id, status: op.status === 'active' ? 'disabled' : 'active' })}
              data-testid={`operator-toggle-${op.username}`}
            >
              {t(op.status === 'active' ? 'cs_disable' : 'cs_enable')}
            </Button>
          ) : null}
          {op.locked ? (
            <Button size="sm" variant="secondary" loading={unlock.isPending} onClick={() => unlock.mutate(op.id)}>
              {t('cs_unlock')}
            </Button>
          ) : null}
          {op.totpEnabled && !self ? (
            <Button size="sm" variant="ghost" loading={reset.isPending} onClick={() => reset.mutate(op.id)}>
              {t('cs_reset_totp')}
            </Button>
          ) : null}
          {!self ? (
            <Button
              size="sm"
              variant="ghost"
              loading={newPassword.isPending}
              onClick={() => newPassword.mutate(op.id, { onSuccess: onNewPassword })}
              data-testid={`operator-new-password-${op.username}`}
            >
              {t('cs_new_one_time_password')}
            </Button>
          ) : null}
        </div>
        {error ? (
          <p className="field__error" role="alert">
            {error.message}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

/** The administrators' desk of operator accounts (decision 054). */
export function OperatorsDesk({ t }: { t: ConsoleT }) {
  const session = useOperatorSession();
  const q = useOperatorList();
  const [created, setCreated] = useState<Created | null>(null);
  return (
    <div className="console-panel" data-testid="console-operators-desk">
      <CreateOperator t={t} onCreated={setCreated} />
      {created ? <OneTimePassword created={created} onClose={() => setCreated(null)} t={t} /> : null}
      {q.error ? (
        <p className="field__error" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {!q.data && !q.error ? <p className="console-muted">{t('cs_loading')}</p> : null}
      {q.data ? (
        <div className="console-operators">
          <DeskTable
            testId="console-operators"
            caption={t('cs_operators')}
            columns={[
              { label: t('cs_username') },
              { label: t('cs_role') },
              { label: t('cs_status') },
              { label: t('cs_second_factor') },
              { label: t('cs_actions') },
            ]}
            empty={!q.data.list.length}
            busy={q.isFetching}
            t={t}
          >
            {q.data.list.map((op) => (
              <OperatorRow
                key={op.id}
                op={op}
                self={op.username === session?.username}
                onNewPassword={setCreated}
                t={t}
              />
            ))}
          </DeskTable>
        </div>
      ) : null}
    </div>
  );
}
