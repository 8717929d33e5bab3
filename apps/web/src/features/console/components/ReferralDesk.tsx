import type { ReferralSettings } from '@app/contract';
import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { editableAmount, formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useOperatorSession } from '../api/client.ts';
import { useReferralSettings, useSaveReferral } from '../api/referral.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskCard } from './parts.tsx';

const FIELDS = ['registerReward', 'firstDepositReward', 'firstDepositMin', 'turnoverTarget', 'turnoverReward'] as const;
type Field = (typeof FIELDS)[number];
const LABELS = {
  registerReward: 'cs_rf_register',
  firstDepositReward: 'cs_rf_deposit',
  firstDepositMin: 'cs_rf_deposit_min',
  turnoverTarget: 'cs_rf_turnover_target',
  turnoverReward: 'cs_rf_turnover',
} as const;
const STAGE_LABELS = {
  register: 'cs_rf_register',
  first_deposit: 'cs_rf_deposit',
  turnover: 'cs_rf_turnover',
} as const;

function Form({ current, canSave, t }: { current: ReferralSettings; canSave: boolean; t: ConsoleT }) {
  const money = useBrandMoney();
  const save = useSaveReferral();
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((k) => [k, editableAmount(current[k], money)])) as Record<Field, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const example = editableAmount('1000', money);
  const submit = () => {
    const bad: Partial<Record<Field, string>> = {};
    const body = {} as Record<Field, string>;
    for (const k of FIELDS) {
      const minor = parseMoney(values[k] || '0', money, { zero: true });
      if (minor === null) bad[k] = t('cs_amount_format', { example });
      else body[k] = minor;
    }
    setErrors(bad);
    if (!Object.keys(bad).length) save.mutate(body);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="console-stack"
      data-testid="referral-form"
    >
      <div className="console-fields">
        {FIELDS.map((k) => (
          <Input
            key={k}
            label={t(LABELS[k])}
            inputMode="decimal"
            value={values[k]}
            onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
            error={errors[k] ?? save.error?.fields[k]}
            disabled={!canSave}
            trailing={
              <span className="console-unit" aria-hidden="true">
                {money.symbol}
              </span>
            }
            data-testid={`referral-${k}`}
          />
        ))}
      </div>
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} disabled={!canSave} data-testid="referral-save">
          {t('cs_save')}
        </Button>
        {save.error && !Object.keys(save.error.fields).length ? (
          <p className="field__error" role="alert">
            {save.error.message}
          </p>
        ) : null}
        {save.isSuccess ? (
          <p className="console-ok" role="status">
            {t('cs_saved')}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Member referral on the promotions desk (decision 071): what the referrer gets when an invitee
 * registers, first deposits (at least the minimum) and reaches the turnover target (0: nothing at
 * that stage), and how many members invite, how many were invited, and what each stage paid.
 */
export function ReferralDesk({ t }: { t: ConsoleT }) {
  const role = useOperatorSession()?.role ?? '';
  const canSave = role === 'finance' || role === 'admin';
  const q = useReferralSettings();
  const money = useBrandMoney();
  return (
    <DeskCard id="referral-settings" title={t('cs_rf_title')} hint={t('cs_rf_hint')} testId="referral-card">
      {q.data && !q.data.enabled ? <p className="console-muted">{t('cs_rf_off')}</p> : null}
      {!canSave ? <p className="console-muted">{t('cs_rf_finance_only')}</p> : null}
      {q.error ? (
        <p className="field__error" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {q.data ? (
        <>
          <Form key={JSON.stringify(q.data)} current={q.data} canSave={canSave} t={t} />
          <dl className="console-figures referral-desk-figures" data-testid="referral-report">
            <div>
              <dt>{t('cs_rf_referrers')}</dt>
              <dd>{q.data.report.referrers}</dd>
            </div>
            <div>
              <dt>{t('cs_rf_invitees')}</dt>
              <dd>{q.data.report.invitees}</dd>
            </div>
            {q.data.report.stages.map((s) => (
              <div key={s.stage}>
                <dt>{t(STAGE_LABELS[s.stage])}</dt>
                <dd>
                  {s.count} · {formatMoney(s.amount, money)}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : q.error ? null : (
        <p className="console-muted">{t('cs_loading')}</p>
      )}
    </DeskCard>
  );
}
