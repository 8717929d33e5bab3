import { GAME_TYPES, MAX_REBATE_RATE_BP, type GameType, type RebateSettings } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Input } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useOperatorSession } from '../api/client.ts';
import { useRebateReport, useRebateSettings, useSaveRebate } from '../api/rebate.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskCard, DeskTable, DoneLine, ErrorLine } from './parts.tsx';

/** Who may change the rates (money): finance and admin. */
const SETS_RATES = new Set(['finance', 'admin']);

/** 120 basis points → "1,20" in the reader's language. */
const percentText = (bp: number, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(
    bp / 100,
  );

/** "1,2" or "1.20" → 120 basis points; null when it is not a percentage with at most two decimals. */
export const parseRate = (text: string): number | null => {
  const v = text.trim().replace(',', '.');
  if (v === '') return 0;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(v)) return null;
  const bp = Math.round(Number(v) * 100);
  return bp <= MAX_REBATE_RATE_BP ? bp : null;
};

function RatesForm({ current, canSave, t }: { current: RebateSettings; canSave: boolean; t: ConsoleT }) {
  const { t: tg, i18n } = useTranslation();
  const save = useSaveRebate();
  const { level } = current;
  const [values, setValues] = useState<Record<GameType, string>>(
    () =>
      Object.fromEntries(
        GAME_TYPES.map((g) => {
          const r = current.rates.find((x) => x.gameType === g);
          return [g, r ? percentText(r.rateBp, i18n.language) : ''];
        }),
      ) as Record<GameType, string>,
  );
  /** Above level 0, an empty field pays what the levels below give: shown as its placeholder. */
  const placeholderOf = (g: GameType) =>
    percentText(current.below.find((x) => x.gameType === g)?.rateBp ?? 0, i18n.language);
  const [dailyAuto, setDailyAuto] = useState(current.dailyAuto);
  const [errors, setErrors] = useState<Partial<Record<GameType, string>>>({});

  const submit = () => {
    const bad: Partial<Record<GameType, string>> = {};
    const rates: { gameType: GameType; rateBp: number }[] = [];
    for (const g of GAME_TYPES) {
      const bp = parseRate(values[g]);
      if (bp === null)
        bad[g] = t('cs_rb_rate_format', {
          example: percentText(120, i18n.language),
          max: percentText(MAX_REBATE_RATE_BP, i18n.language),
        });
      // Level 0: empty or 0 is off. Above it: empty follows the levels below, 0 turns it off.
      else if (level === 0 ? bp > 0 : values[g].trim() !== '') rates.push({ gameType: g, rateBp: bp });
    }
    setErrors(bad);
    if (Object.keys(bad).length) return;
    save.mutate({ level, rates, dailyAuto });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="console-stack"
      data-testid="rebate-form"
      data-level={level}
    >
      {level > 0 ? <p className="console-muted">{t('cs_rb_level_hint')}</p> : null}
      <div className="console-fields">
        {GAME_TYPES.map((g) => (
          <Input
            key={g}
            label={tg(`game_${g}`)}
            inputMode="decimal"
            value={values[g]}
            placeholder={level > 0 ? placeholderOf(g) : percentText(0, i18n.language)}
            onChange={(e) => setValues((v) => ({ ...v, [g]: e.target.value }))}
            error={errors[g]}
            disabled={!canSave}
            trailing={
              <span className="console-unit" aria-hidden="true">
                %
              </span>
            }
            data-testid={`rebate-rate-${g}`}
          />
        ))}
      </div>
      <Checkbox
        label={t('cs_rb_daily')}
        checked={dailyAuto}
        onChange={(e) => setDailyAuto(e.target.checked)}
        disabled={!canSave}
        data-testid="rebate-daily"
      />
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} disabled={!canSave} data-testid="rebate-save">
          {t('cs_save')}
        </Button>
        <ErrorLine error={save.error} />
        <DoneLine text={save.isSuccess ? t('cs_saved') : null} />
      </div>
    </form>
  );
}

/**
 * Rebate on the promotions desk (decision 071): the rate per game type (a percentage of the valid
 * bets of settled rounds; empty or 0 turns a game type off) for members without a VIP level and for
 * each of the brand's VIP levels (decision 074, amended: a level's empty field follows the levels
 * below), the daily automatic payment, and what was paid over the last days per game type.
 */
export function RebateDesk({ t }: { t: ConsoleT }) {
  const { t: tg } = useTranslation();
  const role = useOperatorSession()?.role ?? '';
  const [level, setLevel] = useState(0);
  const q = useRebateSettings(level);
  // The picker keeps the brand's levels while another level loads (the previous answer stays).
  const levels = q.data?.levels ?? [{ level: 0, name: null }];
  const [days, setDays] = useState<1 | 7 | 30>(7);
  const report = useRebateReport(days);
  const money = useBrandMoney();
  const m = (minor: string) => formatMoney(minor, money);
  return (
    <>
      <DeskCard id="rebate-rates" title={t('cs_rb_title')} hint={t('cs_rb_hint')} testId="rebate-card">
        {!SETS_RATES.has(role) ? <p className="console-muted">{t('cs_rb_finance_only')}</p> : null}
        <ErrorLine error={q.error} />
        {levels.length > 1 ? (
          <label className="select console-rb-level">
            <span className="field__label">{t('cs_rb_level')}</span>
            <select
              className="select__control"
              value={level}
              onChange={(e) => setLevel(Number(e.target.value))}
              data-testid="rebate-level"
            >
              {levels.map((l) => (
                <option key={l.level} value={l.level}>
                  {l.name === null ? t('cs_rb_level_0') : t('cs_rb_level_n', { level: l.level, name: l.name })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {q.data && q.data.level === level ? (
          <RatesForm key={JSON.stringify(q.data)} current={q.data} canSave={SETS_RATES.has(role)} t={t} />
        ) : q.error ? null : (
          <p className="console-muted">{t('cs_loading')}</p>
        )}
      </DeskCard>
      <DeskCard id="rebate-report" title={t('cs_rb_report')} testId="rebate-report-card">
        <div className="console-actions" role="group" aria-label={t('cs_rb_period')}>
          {([1, 7, 30] as const).map((d) => (
            <Button
              key={d}
              size="sm"
              variant={d === days ? 'secondary' : 'ghost'}
              aria-pressed={d === days}
              onClick={() => setDays(d)}
              data-testid={`rebate-report-${d}`}
            >
              {t(`cs_rb_last_${d}`)}
            </Button>
          ))}
        </div>
        <ErrorLine error={report.error} />
        {report.data ? (
          <DeskTable
            testId="rebate-report-table"
            caption={t('cs_rb_report')}
            columns={[
              { label: t('cs_rb_game_type'), wide: true },
              { label: t('cs_pr_members'), numeric: true },
              { label: t('cs_rb_payments'), numeric: true },
              { label: t('cs_rb_turnover'), numeric: true },
              { label: t('cs_rb_claimed'), numeric: true },
              { label: t('cs_rb_daily_paid'), numeric: true },
              { label: t('cs_rb_total'), numeric: true },
            ]}
            empty={!report.data.rows.length}
            emptyText={t('cs_rb_none')}
            compact
            t={t}
          >
            {report.data.rows.map((r) => (
              <tr key={r.gameType} data-testid="rebate-report-row" data-game-type={r.gameType}>
                <td>{tg(`game_${r.gameType}`)}</td>
                <td className="console-num">{r.members}</td>
                <td className="console-num">{r.payouts}</td>
                <td className="console-num">{m(r.turnover)}</td>
                <td className="console-num">{m(r.claimed)}</td>
                <td className="console-num">{m(r.daily)}</td>
                <td className="console-num">
                  <strong>{m(r.amount)}</strong>
                </td>
              </tr>
            ))}
          </DeskTable>
        ) : null}
      </DeskCard>
    </>
  );
}
