import { GAME_TYPES, PENDING_WIN_STATUSES } from '@app/contract';
import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { editableAmount, formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useOperatorSession } from '../api/client.ts';
import { useDecideHeldWin, useHeldWins, useSetWinLimit, useWinLimits } from '../api/heldWins.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskTable, Segment, Status, Time } from './parts.tsx';
import { PromptModal } from './PromptModal.tsx';

type HeldStatus = (typeof PENDING_WIN_STATUSES)[number];

/** The limits per vendor and game type, and the form that sets one (administrators). */
function WinLimits({ t }: { t: ConsoleT }) {
  const money = useBrandMoney();
  const isAdmin = useOperatorSession()?.role === 'admin';
  const q = useWinLimits();
  const save = useSetWinLimit();
  const [vassalage, setVassalage] = useState('*');
  const [gameType, setGameType] = useState('*');
  const [multiple, setMultiple] = useState('');
  const [cap, setCap] = useState('');
  const [local, setLocal] = useState<{ multiple?: string; cap?: string }>({});

  const submit = () => {
    const errors: { multiple?: string; cap?: string } = {};
    const m = multiple.trim();
    if (m && !/^[1-9][0-9]{0,6}$/.test(m)) errors.multiple = t('cs_whole_number');
    const minor = cap.trim() ? parseMoney(cap, money) : null;
    if (cap.trim() && minor === null) errors.cap = t('cs_amount_format', { example: editableAmount('100000', money) });
    setLocal(errors);
    if (Object.keys(errors).length) return;
    save.mutate({
      vassalage: vassalage.trim().toUpperCase() || '*',
      gameType: gameType as (typeof GAME_TYPES)[number] | '*',
      maxMultiple: m ? Number(m) : null,
      maxAmount: minor,
    });
  };

  return (
    <section className="console-card" aria-label={t('cs_win_limits')}>
      <h2 className="console-card__title">{t('cs_win_limits')}</h2>
      <p className="console-muted">{t('cs_win_limits_info')}</p>
      <DeskTable
        testId="console-win-limits"
        caption={t('cs_win_limits')}
        columns={[
          { label: t('cs_vendor') },
          { label: t('cs_game_type') },
          { label: t('cs_max_multiple'), numeric: true },
          { label: t('cs_max_win'), numeric: true },
        ]}
        empty={Boolean(q.data && !q.data.length)}
        t={t}
      >
        {q.data?.map((l) => (
          <tr key={`${l.vassalage}/${l.gameType}`} data-testid={`win-limit-${l.vassalage}-${l.gameType}`}>
            <td>{l.vassalage === '*' ? t('cs_any') : l.vassalage}</td>
            <td>{l.gameType === '*' ? t('cs_any') : l.gameType}</td>
            <td className="console-num">{l.maxMultiple === null ? '—' : `×${l.maxMultiple}`}</td>
            <td className="console-num">{l.maxAmount === null ? '—' : formatMoney(l.maxAmount, money)}</td>
          </tr>
        ))}
      </DeskTable>
      {isAdmin ? (
        <form
          className="console-fields"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Input
            label={t('cs_vendor')}
            value={vassalage}
            onChange={(e) => setVassalage(e.target.value)}
            error={save.error?.fields.vassalage}
            data-testid="limit-vassalage"
          />
          <label className="field">
            <span className="field__label">{t('cs_game_type')}</span>
            <select
              className="field__control"
              value={gameType}
              onChange={(e) => setGameType(e.target.value)}
              data-testid="limit-gameType"
            >
              {['*', ...GAME_TYPES].map((g) => (
                <option key={g} value={g}>
                  {g === '*' ? t('cs_any') : g}
                </option>
              ))}
            </select>
          </label>
          <Input
            label={t('cs_max_multiple')}
            inputMode="numeric"
            value={multiple}
            onChange={(e) => setMultiple(e.target.value)}
            error={local.multiple ?? save.error?.fields.maxMultiple}
            data-testid="limit-multiple"
          />
          <Input
            label={t('cs_max_win')}
            inputMode="decimal"
            value={cap}
            onChange={(e) => setCap(e.target.value)}
            error={local.cap ?? save.error?.fields.maxAmount}
            trailing={
              <span className="console-unit" aria-hidden="true">
                {money.symbol}
              </span>
            }
            data-testid="limit-cap"
          />
          <div className="console-actions">
            <Button type="submit" loading={save.isPending} data-testid="limit-save">
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
      ) : (
        <p className="console-muted">{t('cs_settings_admin_only')}</p>
      )}
    </section>
  );
}

/**
 * Held wins (decision 053): seamless wins past the operator's limits wait in the pending-win account.
 * Finance pays one to the player or voids it to the house, with a note; both are audited.
 */
export function HeldWinsDesk({ t }: { t: ConsoleT }) {
  const { timezone } = useWhitelabel();
  const money = useBrandMoney();
  const isFinance = useOperatorSession()?.role === 'finance';
  const [status, setStatus] = useState<HeldStatus>('pending');
  const [deciding, setDeciding] = useState<{ id: number; action: 'pay' | 'void' } | null>(null);
  const q = useHeldWins(status);
  const decide = useDecideHeldWin();
  return (
    <section aria-label={t('cs_held_wins')}>
      <div className="console-filters">
        <Segment
          label={t('cs_status')}
          options={PENDING_WIN_STATUSES.map((s) => ({ value: s, label: t(`cs_status_${s}`) }))}
          value={status}
          onChange={setStatus}
          testId={(s) => `held-filter-${s}`}
        />
      </div>
      <DeskTable
        testId="console-held-wins"
        caption={t('cs_held_wins')}
        columns={[
          { label: '#' },
          { label: t('cs_member') },
          { label: t('cs_game') },
          { label: t('cs_stake'), numeric: true },
          { label: t('cs_amount'), numeric: true },
          { label: t('cs_held_reason') },
          { label: t('cs_time') },
          { label: t('cs_status') },
          { label: t('cs_actions') },
        ]}
        empty={Boolean(q.data && !q.data.length)}
        t={t}
      >
        {q.data?.map((w) => (
          <tr key={w.id} data-testid={`held-win-${w.id}`}>
            <td>{w.id}</td>
            <td>{w.username}</td>
            <td>
              {w.vassalage} · {w.gameCode}
              <span className="console-muted"> {w.roundId}</span>
            </td>
            <td className="console-num">{formatMoney(w.stake, money)}</td>
            <td className="console-num">{formatMoney(w.amount, money)}</td>
            <td>{t(w.reason === 'cap' ? 'cs_held_cap' : 'cs_held_multiple')}</td>
            <td>
              <Time iso={w.createdAt} timeZone={timezone} />
            </td>
            <td>
              <Status value={w.status} t={t} />
              {w.decidedBy ? (
                <span className="console-muted">
                  {' '}
                  {w.decidedBy}
                  {w.note ? ` · ${w.note}` : ''}
                </span>
              ) : null}
            </td>
            <td>
              {w.status === 'pending' && isFinance ? (
                <div className="console-actions">
                  <Button
                    size="sm"
                    onClick={() => setDeciding({ id: w.id, action: 'pay' })}
                    data-testid={`pay-held-${w.id}`}
                  >
                    {t('cs_pay_held')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setDeciding({ id: w.id, action: 'void' })}
                    data-testid={`void-held-${w.id}`}
                  >
                    {t('cs_void_held')}
                  </Button>
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </DeskTable>
      {!isFinance ? <p className="console-muted">{t('cs_held_finance_only')}</p> : null}
      {deciding ? (
        <PromptModal
          title={t(deciding.action === 'pay' ? 'cs_pay_held_title' : 'cs_void_held_title', { id: deciding.id })}
          label={t('cs_note')}
          required={false}
          busy={decide.isPending}
          error={decide.error?.message ?? null}
          onClose={() => setDeciding(null)}
          onSubmit={(note) => decide.mutate({ ...deciding, note }, { onSuccess: () => setDeciding(null) })}
          t={t}
        />
      ) : null}
      <WinLimits t={t} />
    </section>
  );
}
