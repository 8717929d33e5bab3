import { isSheetFamily, sheetTiers, type LotteryDeskPeriod } from '@app/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useConfirmResult, useEnterResult, useLotteryDesk, useVoidPeriod } from '../api/lotteryDraws.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { LotteryExposureCard } from './LotteryExposureCard.tsx';
import { DeskCard, DeskTable, Time } from './parts.tsx';
import { PromptModal } from './PromptModal.tsx';

type Key = Parameters<ConsoleT>[0];

/** The sheet's lines as inputs, tier by tier (special first), each as wide as its digits. */
function SheetForm({ period, t }: { period: LotteryDeskPeriod; t: ConsoleT }) {
  const enter = useEnterResult();
  const family = period.family;
  const tiers = isSheetFamily(family) ? sheetTiers(family) : [];
  const widths = tiers.flatMap((tier) => Array.from({ length: tier.count }, () => tier.digits));
  const pending = period.entries.find((e) => e.status === 'pending');
  const start = pending?.result ?? period.result ?? null;
  const [lines, setLines] = useState<string[]>(() =>
    widths.map((w, i) => (start ? String(start[i] ?? '').padStart(w, '0') : '')),
  );
  const bad = lines.map((v, i) => v !== '' && !new RegExp(`^\\d{${widths[i]}}$`).test(v));
  const complete = lines.every((v, i) => new RegExp(`^\\d{${widths[i]}}$`).test(v));
  let at = 0;
  return (
    <form
      className="ld-sheet"
      data-testid="ld-sheet"
      onSubmit={(e) => {
        e.preventDefault();
        if (!complete) return;
        enter.mutate({ gameCode: period.gameCode, numero: period.numero, result: lines.map(Number) });
      }}
    >
      {tiers.map((tier) => {
        const from = at;
        at += tier.count;
        return (
          <fieldset key={tier.tier} className="ld-sheet__tier">
            <legend>{t(`ld_tier_${tier.tier}` as Key)}</legend>
            {Array.from({ length: tier.count }, (_, k) => {
              const i = from + k;
              return (
                <input
                  key={i}
                  className="ld-sheet__line"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={tier.digits}
                  size={tier.digits + 1}
                  aria-label={t('ld_line', { tier: t(`ld_tier_${tier.tier}` as Key), n: k + 1, digits: tier.digits })}
                  aria-invalid={bad[i]}
                  value={lines[i]}
                  data-testid={`ld-line-${i}`}
                  onChange={(e) => {
                    const v = e.target.value.replace(/\D/g, '');
                    setLines((l) => l.map((x, j) => (j === i ? v : x)));
                  }}
                />
              );
            })}
          </fieldset>
        );
      })}
      {enter.error ? (
        <p className="field__error" role="alert">
          {enter.error.message}
        </p>
      ) : enter.isSuccess ? (
        <p className="console-ok" role="status">
          {t('ld_entered')}
        </p>
      ) : null}
      <div className="console-actions">
        <Button type="submit" disabled={!complete} loading={enter.isPending} data-testid="ld-enter">
          {pending || period.result ? t('ld_correct') : t('ld_enter')}
        </Button>
      </div>
    </form>
  );
}

/** One period: its sheet, its entries (a pending one confirmed by a second operator), void. */
function PeriodCard({ period, t }: { period: LotteryDeskPeriod; t: ConsoleT }) {
  const { timezone } = useWhitelabel();
  const confirm = useConfirmResult();
  const voidIt = useVoidPeriod();
  const [voiding, setVoiding] = useState(false);
  const decided = period.status === 'settled' || period.status === 'void';
  return (
    <DeskCard
      id="ld-period"
      testId="ld-period"
      title={`${t(`ld_family_${period.family}` as Key)} · ${period.numero}`}
      hint={t('ld_period_hint')}
    >
      <p className="console-muted">
        {t('ld_draw_at')}: <Time iso={period.drawAt} timeZone={timezone} /> · {t(`ld_status_${period.status}` as Key)}
        {period.source ? ` · ${t(`ld_source_${period.source}` as Key)}` : ''}
      </p>
      {period.entries.length ? (
        <ul className="ld-entries" data-testid="ld-entries">
          {period.entries.map((e) => (
            <li key={e.id} data-testid="ld-entry" data-status={e.status}>
              <span>
                {t(`ld_entry_${e.status}` as Key, { by: e.enteredBy, confirmer: e.confirmedBy ?? '' })} ·{' '}
                <Time iso={e.enteredAt} timeZone={timezone} />
              </span>
              <code className="ld-entries__special">
                {String(e.result[0]).padStart(
                  isSheetFamily(period.family) ? sheetTiers(period.family)[0]!.digits : 1,
                  '0',
                )}
              </code>
              {e.status === 'pending' && !decided ? (
                <Button
                  size="sm"
                  loading={confirm.isPending}
                  data-testid="ld-confirm"
                  onClick={() => confirm.mutate({ gameCode: period.gameCode, numero: period.numero, entryId: e.id })}
                >
                  {t('ld_confirm')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {confirm.error ? (
        <p className="field__error" role="alert" data-testid="ld-confirm-error">
          {confirm.error.code === 'LOTTERY_SAME_OPERATOR' ? t('ld_same_operator') : confirm.error.message}
        </p>
      ) : confirm.data ? (
        <p className="console-ok" role="status" data-testid="ld-confirmed">
          {t('ld_confirmed', { count: confirm.data.settled })}
        </p>
      ) : null}
      {decided ? null : (
        <>
          <SheetForm key={`${period.numero}-${period.entries.length}`} period={period} t={t} />
          <div className="console-actions">
            <Button variant="outline" onClick={() => setVoiding(true)} data-testid="ld-void">
              {t('ld_void')}
            </Button>
          </div>
        </>
      )}
      {voiding ? (
        <PromptModal
          title={t('ld_void_title', { numero: period.numero })}
          label={t('ld_void_reason')}
          busy={voidIt.isPending}
          error={voidIt.error?.message ?? null}
          onClose={() => setVoiding(false)}
          onSubmit={() =>
            voidIt.mutate({ gameCode: period.gameCode, numero: period.numero }, { onSuccess: () => setVoiding(false) })
          }
          t={t}
        />
      ) : null}
    </DeskCard>
  );
}

/**
 * The lottery draws desk (decision 068): official games' closed periods, undecided first; one
 * operator enters or corrects the sheet, a different operator confirms it and the period settles;
 * a period can be voided (every bet refunded once).
 */
export function LotteryDrawsDesk({ t }: { t: ConsoleT }) {
  const money = useBrandMoney();
  const { timezone } = useWhitelabel();
  const [gameCode, setGameCode] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const q = useLotteryDesk(gameCode);
  const list = q.data?.list ?? [];
  const chosen = list.find((p) => `${p.gameCode}/${p.numero}` === open) ?? null;
  return (
    <div className="ld-desk" data-testid="ld-desk">
      <DeskCard id="ld-list" title={t('ld_title')} hint={t('ld_hint')}>
        <label className="ld-filter">
          {t('ld_game')}{' '}
          <select value={gameCode ?? ''} onChange={(e) => setGameCode(e.target.value || null)} data-testid="ld-game">
            <option value="">{t('ld_all_games')}</option>
            {(q.data?.games ?? []).map((g) => (
              <option key={g.gameCode} value={g.gameCode}>
                {t(`ld_family_${g.family}` as Key)} · {g.gameCode}
              </option>
            ))}
          </select>
        </label>
        <DeskTable
          testId="ld-periods"
          caption={t('ld_title')}
          columns={[
            { label: t('ld_period') },
            { label: t('ld_draw_at') },
            { label: t('ld_status') },
            { label: t('ld_bets'), numeric: true },
            { label: t('ld_special') },
            { label: '' },
          ]}
          empty={Boolean(q.data && !list.length)}
          busy={q.isFetching}
          t={t}
        >
          {list.map((p) => (
            <tr key={`${p.gameCode}/${p.numero}`} data-testid="ld-row" data-game={p.gameCode} data-numero={p.numero}>
              <td>
                {t(`ld_family_${p.family}` as Key)} · {p.numero}
              </td>
              <td>
                <Time iso={p.drawAt} timeZone={timezone} />
              </td>
              <td>
                {t(`ld_status_${p.status}` as Key)}
                {p.entries.some((e) => e.status === 'pending') ? ` · ${t('ld_awaiting_second')}` : ''}
              </td>
              <td className="console-num">
                {p.openBets} · {formatMoney(p.openStake, money)}
              </td>
              <td>
                <code>
                  {p.result
                    ? String(p.result[0]).padStart(isSheetFamily(p.family) ? sheetTiers(p.family)[0]!.digits : 1, '0')
                    : '—'}
                </code>
              </td>
              <td>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setOpen(`${p.gameCode}/${p.numero}`)}
                  data-testid="ld-open"
                >
                  {t('ld_open')}
                </Button>
              </td>
            </tr>
          ))}
        </DeskTable>
      </DeskCard>
      {chosen ? <PeriodCard key={open} period={chosen} t={t} /> : null}
      <LotteryExposureCard t={t} />
    </div>
  );
}
