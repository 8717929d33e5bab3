import { PROTECTION_LIMITS, type ProtectionLimit } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '../../../components/ui/index.ts';
import type { TranslationKey } from '../../../i18n/index.ts';
import { editableAmount, formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import {
  useProtectedMember,
  useProtectedMembers,
  useProtectionSettings,
  useRestrictPlayer,
  useSaveProtectionSettings,
  useTightenLimit,
} from '../api/protection.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskCard, DeskTable, Pager, Time } from './parts.tsx';

const PERIODS = ['24h', '7d', '30d', '6w', '6m', '1y', '5y', 'indefinite'] as const;

/** Minor units (money) or minutes (the session limit) as an operator reads and types them. */
const useAmounts = () => {
  const money = useBrandMoney();
  return {
    show: (limit: ProtectionLimit, v: string) => (limit === 'session' ? `${v} min` : formatMoney(v, money)),
    edit: (limit: ProtectionLimit, v: string | null | undefined) =>
      v ? (limit === 'session' ? v : editableAmount(v, money)) : '',
    parse: (limit: ProtectionLimit, text: string): string | null => {
      if (limit === 'session') return /^\d{1,4}$/.test(text.trim()) ? String(Number(text)) : null;
      return parseMoney(text, money);
    },
  };
};

/**
 * Player protection's desk (issue 24, decision 062): the brand's defaults and maxima for every
 * limit (admins save them), the players with limits, time-outs or exclusions and their history;
 * an operator may lower a limit or time out / exclude a player, with a reason (audited), never
 * loosen a player's own choice.
 */
export function ProtectionDesk({ t, isAdmin }: { t: ConsoleT; isAdmin: boolean }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <div className="console-stack" data-testid="protection-desk">
      <BrandLimits t={t} isAdmin={isAdmin} />
      <Players t={t} onOpen={setSelected} />
      {selected !== null ? <Player t={t} memberId={selected} /> : null}
    </div>
  );
}

function BrandLimits({ t, isAdmin }: { t: ConsoleT; isAdmin: boolean }) {
  const { t: shared } = useTranslation();
  const amounts = useAmounts();
  const settings = useProtectionSettings();
  const save = useSaveProtectionSettings();
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!settings.data) return null;
  const s = settings.data;
  const value = (k: string, fallback: string) => draft?.[k] ?? fallback;
  const set = (k: string, v: string) => setDraft({ ...(draft ?? {}), [k]: v });

  const submit = () => {
    const defaults: Record<string, string | null> = {};
    const maxima: Record<string, string | null> = {};
    for (const l of PROTECTION_LIMITS) {
      for (const [table, out] of [
        ['d', defaults],
        ['m', maxima],
      ] as const) {
        const text = value(`${table}:${l}`, amounts.edit(l, (table === 'd' ? s.defaults : s.maxima)[l])).trim();
        if (!text) continue;
        const parsed = amounts.parse(l, text);
        if (!parsed || parsed === '0')
          return setError(t('pd_invalid', { limit: shared(`rg_lim_${l}` as TranslationKey) }));
        out[l] = parsed;
      }
    }
    const minutes = Number(value('reality', String(s.realityCheckMinutes)));
    setError(null);
    save.mutate(
      { defaults, maxima, realityCheckMinutes: minutes },
      { onSuccess: () => setDraft(null), onError: (e) => setError(e.message) },
    );
  };

  return (
    <DeskCard id="protection-brand" title={t('pd_brand')} hint={t('pd_brand_hint')} testId="protection-brand">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DeskTable
          testId="protection-brand-table"
          caption={t('pd_brand')}
          columns={[{ label: t('pd_limit'), wide: true }, { label: t('pd_default') }, { label: t('pd_maximum') }]}
          empty={false}
          compact
          t={t}
        >
          {PROTECTION_LIMITS.map((l) => (
            <tr key={l}>
              <td>{shared(`rg_lim_${l}` as TranslationKey)}</td>
              {(['d', 'm'] as const).map((table) => (
                <td key={table} className="protection-amount">
                  <Input
                    label={`${shared(`rg_lim_${l}` as TranslationKey)} · ${t(table === 'd' ? 'pd_default' : 'pd_maximum')}`}
                    hideLabel
                    inputMode={l === 'session' ? 'numeric' : 'decimal'}
                    value={value(`${table}:${l}`, amounts.edit(l, (table === 'd' ? s.defaults : s.maxima)[l]))}
                    onChange={(e) => set(`${table}:${l}`, e.target.value)}
                    disabled={!isAdmin}
                    data-testid={`protection-${table === 'd' ? 'default' : 'max'}-${l}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </DeskTable>
        <div className="console-row">
          <Input
            label={t('pd_reality')}
            inputMode="numeric"
            value={value('reality', String(s.realityCheckMinutes))}
            onChange={(e) => set('reality', e.target.value)}
            disabled={!isAdmin}
            data-testid="protection-reality"
          />
          {isAdmin ? (
            <Button type="submit" loading={save.isPending} data-testid="protection-brand-save">
              {t('pd_save')}
            </Button>
          ) : null}
        </div>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        {save.isSuccess && !draft ? (
          <p className="console-ok" role="status">
            {t('pd_saved')}
          </p>
        ) : null}
      </form>
    </DeskCard>
  );
}

function Players({ t, onOpen }: { t: ConsoleT; onOpen: (id: number) => void }) {
  const { t: shared } = useTranslation();
  const { timezone } = useWhitelabel();
  const amounts = useAmounts();
  const [account, setAccount] = useState('');
  const [query, setQuery] = useState({ account: '', page: 1, pageSize: 20 });
  const list = useProtectedMembers(query.account ? query : { page: query.page, pageSize: query.pageSize });
  const rows = list.data?.list ?? [];
  return (
    <DeskCard id="protection-players" title={t('pd_players')} testId="protection-players">
      <form
        className="console-row"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ account: account.trim(), page: 1, pageSize: 20 });
        }}
      >
        <Input
          label={t('pd_account')}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          data-testid="protection-search"
        />
        <Button type="submit" variant="secondary" data-testid="protection-search-go">
          {t('pd_search')}
        </Button>
      </form>
      <DeskTable
        testId="protection-player-list"
        caption={t('pd_players')}
        columns={[
          { label: t('pd_account') },
          { label: t('pd_limits'), wide: true },
          { label: t('pd_restriction') },
          { label: '' },
        ]}
        empty={!rows.length}
        busy={list.isFetching}
        t={t}
      >
        {rows.map((r) => (
          <tr key={r.memberId} data-testid={`protection-player-${r.account}`}>
            <td>{r.account}</td>
            <td>
              {r.limits
                .map((l) => `${shared(`rg_lim_${l.limit}` as TranslationKey)}: ${amounts.show(l.limit, l.effective)}`)
                .join(' · ') || t('pd_none')}
            </td>
            <td>
              {r.restriction ? (
                <>
                  {t(r.restriction.kind === 'exclusion' ? 'pd_exclusion' : 'pd_time_out')}{' '}
                  {r.restriction.endsAt ? <Time iso={r.restriction.endsAt} timeZone={timezone} /> : t('pd_indefinite')}
                </>
              ) : (
                t('pd_none')
              )}
            </td>
            <td>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onOpen(r.memberId)}
                data-testid="protection-player-open"
              >
                {t('pd_open')}
              </Button>
            </td>
          </tr>
        ))}
      </DeskTable>
      <Pager
        page={query.page}
        totalPages={list.data?.totalPages ?? 0}
        onPage={(page) => setQuery({ ...query, page })}
        t={t}
      />
    </DeskCard>
  );
}

function Player({ t, memberId }: { t: ConsoleT; memberId: number }) {
  const { t: shared } = useTranslation();
  const { timezone } = useWhitelabel();
  const amounts = useAmounts();
  const detail = useProtectedMember(memberId);
  const tighten = useTightenLimit();
  const restrict = useRestrictPlayer();
  const [limit, setLimit] = useState<ProtectionLimit>('deposit_day');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('24h');
  const [restrictReason, setRestrictReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const d = detail.data;
  if (!d) return null;
  return (
    <DeskCard id="protection-player" title={d.account} testId="protection-player">
      <DeskTable
        testId="protection-player-limits"
        caption={t('pd_limits')}
        columns={[
          { label: t('pd_limit'), wide: true },
          { label: t('pd_in_force') },
          { label: t('pd_by_player') },
          { label: t('pd_by_operator') },
        ]}
        empty={false}
        compact
        t={t}
      >
        {d.limits
          .filter((l) => l.effective || l.own || l.operator || l.pending)
          .map((l) => (
            <tr key={l.limit}>
              <td>{shared(`rg_lim_${l.limit}` as TranslationKey)}</td>
              <td>{l.effective ? amounts.show(l.limit, l.effective) : t('pd_none')}</td>
              <td>{l.own ? amounts.show(l.limit, l.own) : '—'}</td>
              <td>{l.operator ? amounts.show(l.limit, l.operator) : '—'}</td>
            </tr>
          ))}
      </DeskTable>
      <form
        className="console-form"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = amounts.parse(limit, amount);
          if (!parsed || parsed === '0')
            return setError(t('pd_invalid', { limit: shared(`rg_lim_${limit}` as TranslationKey) }));
          setError(null);
          tighten.mutate(
            { memberId, limit, amount: parsed, reason: reason.trim() },
            { onSuccess: () => setAmount(''), onError: (x) => setError(x.message) },
          );
        }}
      >
        <h3 className="console-card__title">{t('pd_tighten')}</h3>
        <p className="console-muted">{t('pd_tighten_hint')}</p>
        <label className="field">
          <span className="field__label">{t('pd_limit')}</span>
          <select
            className="console-select"
            value={limit}
            onChange={(e) => setLimit(e.target.value as ProtectionLimit)}
            data-testid="protection-tighten-limit"
          >
            {PROTECTION_LIMITS.map((l) => (
              <option key={l} value={l}>
                {shared(`rg_lim_${l}` as TranslationKey)}
              </option>
            ))}
          </select>
        </label>
        <Input
          label={t('pd_amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          data-testid="protection-tighten-amount"
        />
        <Input
          label={t('pd_reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          data-testid="protection-tighten-reason"
        />
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <Button
          type="submit"
          loading={tighten.isPending}
          disabled={reason.trim().length < 3}
          data-testid="protection-tighten"
        >
          {t('pd_apply')}
        </Button>
      </form>
      <form
        className="console-form"
        onSubmit={(e) => {
          e.preventDefault();
          restrict.mutate({ memberId, period, reason: restrictReason.trim() });
        }}
      >
        <h3 className="console-card__title">{t('pd_restrict')}</h3>
        <label className="field">
          <span className="field__label">{t('pd_period')}</span>
          <select
            className="console-select"
            value={period}
            onChange={(e) => setPeriod(e.target.value as (typeof PERIODS)[number])}
            data-testid="protection-restrict-period"
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {shared(`rg_p_${p}` as TranslationKey)}
              </option>
            ))}
          </select>
        </label>
        <Input
          label={t('pd_reason')}
          value={restrictReason}
          onChange={(e) => setRestrictReason(e.target.value)}
          maxLength={500}
          data-testid="protection-restrict-reason"
        />
        {restrict.error ? (
          <p className="field__error" role="alert">
            {restrict.error.message}
          </p>
        ) : null}
        <Button
          type="submit"
          variant="danger"
          loading={restrict.isPending}
          disabled={restrictReason.trim().length < 3}
          data-testid="protection-restrict"
        >
          {t('pd_apply')}
        </Button>
      </form>
      <h3 className="console-card__title">{t('pd_history')}</h3>
      <DeskTable
        testId="protection-history"
        caption={t('pd_history')}
        columns={[{ label: t('pd_when') }, { label: t('pd_what'), wide: true }, { label: t('pd_who') }]}
        empty={!d.history.length}
        compact
        t={t}
      >
        {d.history.map((h) => (
          <tr key={h.id}>
            <td>
              <Time iso={h.at} timeZone={timezone} />
            </td>
            <td data-testid="protection-history-row" data-action={h.action}>
              {actionText(t, h.action)}
              {h.limit ? ` · ${shared(`rg_lim_${h.limit}` as TranslationKey)}` : ''}
              {h.amount && h.limit ? ` · ${amounts.show(h.limit, h.amount)}` : ''}
              {h.detail ? ` · ${h.detail}` : ''}
            </td>
            <td>{t(h.by === 'operator' ? 'pd_by_operator' : h.by === 'player' ? 'pd_by_player' : 'pd_by_system')}</td>
          </tr>
        ))}
      </DeskTable>
    </DeskCard>
  );
}

/** The actions protection records (apps/server/src/features/protection/service.ts). */
const ACTIONS = [
  'limit_set',
  'increase_requested',
  'removal_requested',
  'limit_raised',
  'limit_removed',
  'operator_limit',
  'time_out',
  'exclusion',
  'reopen_requested',
  'reopened',
  'reality_check',
] as const;

/** A history entry's action in the reader's words (an action not known here shows as recorded). */
const actionText = (t: ConsoleT, action: string) =>
  (ACTIONS as readonly string[]).includes(action) ? t(`pd_act_${action as (typeof ACTIONS)[number]}`) : action;
