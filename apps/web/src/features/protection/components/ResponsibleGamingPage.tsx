import type { LimitView, ProtectionLimit } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Input, Modal, Spinner } from '../../../components/ui/index.ts';
import type { TranslationKey } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { protectionRefusalText } from '../../../lib/protection.ts';
import { clearSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import {
  useConfirmLimit,
  useExclude,
  useProtectionStatus,
  useRealityCheckSetting,
  useSetLimit,
  useTimeOut,
} from '../api/protection.ts';
import '../protection.css';

const GROUPS = [
  { kind: 'deposit', limits: ['deposit_day', 'deposit_week', 'deposit_month'] },
  { kind: 'loss', limits: ['loss_day', 'loss_week', 'loss_month'] },
  { kind: 'wager', limits: ['wager_day', 'wager_week', 'wager_month'] },
  { kind: 'session', limits: ['session'] },
] as const;
const PERIOD_LABEL: Record<string, TranslationKey> = {
  day: 'rg_per_day',
  week: 'rg_per_week',
  month: 'rg_per_month',
  session: 'rg_per_session',
};
const TIME_OUTS = ['24h', '7d', '30d', '6w'] as const;
const EXCLUSIONS = ['6m', '1y', '5y', 'indefinite'] as const;
const REALITY_MINUTES = [15, 30, 45, 60, 90, 120];

/**
 * The member's "Responsible gaming" page (issue 24): limits with their use and reset, the 24-hour
 * wait before a looser limit, the reality-check interval, a time-out and self-exclusion, each
 * asked twice before it starts.
 */
export function ResponsibleGamingPage() {
  const { t } = useTranslation();
  const status = useProtectionStatus();
  if (status.isPending) return <Spinner />;
  if (status.isError || !status.data) return <p role="alert">{status.error?.message}</p>;
  const s = status.data;
  return (
    <div className="rg" data-testid="responsible-gaming">
      <p className="rg__intro">{t('rg_intro')}</p>
      {GROUPS.map((g) => (
        <section key={g.kind} className="rg__card" aria-labelledby={`rg-group-${g.kind}`}>
          <h2 id={`rg-group-${g.kind}`}>{t(`rg_group_${g.kind}`)}</h2>
          {g.limits.map((l) => (
            <LimitRow key={l} view={s.limits.find((x) => x.limit === l)!} />
          ))}
        </section>
      ))}
      <RealityCheckCard minutes={s.realityCheck.own} brandDefault={s.realityCheck.brandDefault} />
      <RestrictCard kind="timeOut" />
      <RestrictCard kind="exclusion" />
    </div>
  );
}

function LimitRow({ view }: { view: LimitView }) {
  const { t } = useTranslation();
  const money = useBrandMoney();
  const brandTime = useBrandTime();
  const set = useSetLimit();
  const confirm = useConfirmLimit();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const limit: ProtectionLimit = view.limit;
  const session = limit === 'session';
  const show = (v: string) => (session ? t('rg_minutes', { count: Number(v) }) : formatMoney(v, money));
  const period = session ? 'session' : limit.split('_')[1]!;
  const fail = (e: unknown) =>
    setError(
      isApiError(e)
        ? (Object.values(e.fields)[0] ?? protectionRefusalText(e, t, money, brandTime.dateTime))
        : undefined,
    );

  const save = (amount: string | null) => {
    setError(undefined);
    set.mutate(
      { body: { limit, amount } },
      {
        onSuccess: (next) => {
          setText('');
          const after = next.limits.find((x) => x.limit === limit);
          showToast(after?.pending ? t('rg_saved_later') : t('rg_saved'), 'success');
        },
        onError: fail,
      },
    );
  };
  const submit = () => {
    const amount = session
      ? /^\d{2,4}$/.test(text.trim()) && Number(text) >= 15 && Number(text) <= 1440
        ? text.trim()
        : null
      : parseMoney(text, money);
    if (!amount || amount === '0') return setError(session ? t('rg_invalid_minutes') : t('rg_invalid_amount'));
    save(amount);
  };

  return (
    <div className="rg__limit" data-testid={`rg-limit-${limit}`}>
      <div className="rg__limit-head">
        <span className="rg__limit-name">{t(PERIOD_LABEL[period]!)}</span>
        <span className="rg__limit-value" data-testid={`rg-in-force-${limit}`}>
          {view.effective ? t('rg_in_force', { amount: show(view.effective) }) : t('rg_no_limit')}
        </span>
      </div>
      {view.effective && view.remaining !== null && view.resetsAt ? (
        <p className="rg__muted">
          {t('rg_usage', { remaining: show(view.remaining), reset: brandTime.dateTime(view.resetsAt) })}
        </p>
      ) : null}
      {view.operator ? <p className="rg__muted">{t('rg_operator', { amount: show(view.operator) })}</p> : null}
      {view.pending ? (
        <div className="rg__pending" data-testid={`rg-pending-${limit}`}>
          <span>
            {view.pending.amount
              ? t('rg_pending', {
                  amount: show(view.pending.amount),
                  time: brandTime.dateTime(view.pending.from),
                })
              : t('rg_pending_removal', { time: brandTime.dateTime(view.pending.from) })}
          </span>
          {view.pending.confirmable ? (
            <Button
              size="sm"
              onClick={() => confirm.mutate({ body: { limit } }, { onError: fail })}
              disabled={confirm.isPending}
              data-testid={`rg-confirm-${limit}`}
            >
              {t('rg_confirm_change')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <form
        className="rg__limit-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Input
          label={`${t('rg_new_limit')} · ${t(`rg_lim_${limit}`)}`}
          hideLabel
          placeholder={t('rg_new_limit')}
          inputMode={session ? 'numeric' : 'decimal'}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={error}
          data-testid={`rg-input-${limit}`}
        />
        <Button type="submit" size="sm" disabled={set.isPending} data-testid={`rg-save-${limit}`}>
          {t('rg_save')}
        </Button>
        {view.own ? (
          <Button type="button" size="sm" variant="outline" disabled={set.isPending} onClick={() => save(null)}>
            {t('rg_remove')}
          </Button>
        ) : null}
      </form>
    </div>
  );
}

function RealityCheckCard({ minutes, brandDefault }: { minutes: number | null; brandDefault: number }) {
  const { t } = useTranslation();
  const set = useRealityCheckSetting();
  return (
    <section className="rg__card" aria-labelledby="rg-reality">
      <h2 id="rg-reality">{t('rg_reality_title')}</h2>
      <label className="rg__field">
        <span>{t('rg_reality_hint')}</span>
        <select
          className="rg__select"
          value={minutes === null ? '' : String(minutes)}
          disabled={set.isPending}
          data-testid="rg-reality-select"
          onChange={(e) =>
            set.mutate(
              { body: { minutes: e.target.value ? Number(e.target.value) : null } },
              { onSuccess: () => showToast(t('rg_saved'), 'success') },
            )
          }
        >
          <option value="">{t('rg_site_default', { count: brandDefault })}</option>
          {REALITY_MINUTES.map((m) => (
            <option key={m} value={m}>
              {t('rg_minutes', { count: m })}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}

function RestrictCard({ kind }: { kind: 'timeOut' | 'exclusion' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useBrandMoney();
  const brandTime = useBrandTime();
  const timeOut = useTimeOut();
  const exclude = useExclude();
  const periods = kind === 'timeOut' ? TIME_OUTS : EXCLUSIONS;
  const [period, setPeriod] = useState<string>(periods[0]);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = kind === 'timeOut' ? 'timeout' : 'exclusion';
  const label = t(`rg_p_${period}` as TranslationKey);
  const busy = timeOut.isPending || exclude.isPending;

  const start = () => {
    const done = {
      onSuccess: () => {
        setAsking(false);
        clearSession();
        void navigate('/');
      },
      onError: (e: unknown) => {
        setAsking(false);
        setError(isApiError(e) ? protectionRefusalText(e, t, money, brandTime.dateTime) : null);
      },
    };
    if (kind === 'timeOut')
      timeOut.mutate({ body: { period: period as (typeof TIME_OUTS)[number], confirm: true } }, done);
    else exclude.mutate({ body: { period: period as (typeof EXCLUSIONS)[number], confirm: true } }, done);
  };

  return (
    <section className={`rg__card rg__card--${name}`} aria-labelledby={`rg-${name}`}>
      <h2 id={`rg-${name}`}>{t(kind === 'timeOut' ? 'rg_timeout_title' : 'rg_exclusion_title')}</h2>
      <p className="rg__muted">{t(kind === 'timeOut' ? 'rg_timeout_hint' : 'rg_exclusion_hint')}</p>
      <div className="rg__restrict">
        <label className="rg__field">
          <span>{t('rg_period')}</span>
          <select
            className="rg__select"
            value={period}
            onChange={(e) => setPeriod(e.target.value)}
            data-testid={`rg-${name}-period`}
          >
            {periods.map((p) => (
              <option key={p} value={p}>
                {t(`rg_p_${p}` as TranslationKey)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="danger" onClick={() => setAsking(true)} data-testid={`rg-${name}-start`}>
          {t(kind === 'timeOut' ? 'rg_start_timeout' : 'rg_start_exclusion')}
        </Button>
      </div>
      {error ? (
        <p className="rg__error" role="alert">
          {error}
        </p>
      ) : null}
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={t('rg_sure')}
        size="sm"
        testId={`rg-${name}-confirm`}
        footer={
          <>
            <Button variant="outline" onClick={() => setAsking(false)}>
              {t('rg_cancel')}
            </Button>
            <Button variant="danger" onClick={start} disabled={busy} data-testid={`rg-${name}-yes`}>
              {t('rg_sure_yes')}
            </Button>
          </>
        }
      >
        <p>{t(kind === 'timeOut' ? 'rg_sure_timeout' : 'rg_sure_exclusion', { period: label })}</p>
      </Modal>
    </section>
  );
}
