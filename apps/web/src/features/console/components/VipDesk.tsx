import { MAX_VIP_LEVELS, type VipLevelView, type VipSettingsView } from '@app/contract';
import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { editableAmount, formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useOperatorSession } from '../api/client.ts';
import { useSaveVip, useVipReport, useVipSettings } from '../api/vip.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { useVipDeskText, type VipDeskT } from '../hooks/useVipDeskText.ts';
import { DeskCard, DeskTable, ErrorLine, SaveOutcome, Select } from './parts.tsx';
import { TextArea } from './TextArea.tsx';

/** Who may change the levels (they pay bonuses): finance and admin. */
const SETS_LEVELS = new Set(['finance', 'admin']);

const AMOUNTS = [
  'depositMin',
  'turnoverMin',
  'keepDeposit',
  'keepTurnover',
  'upgradeBonus',
  'weeklyBonus',
  'monthlyBonus',
  'birthdayBonus',
] as const;
type AmountField = (typeof AMOUNTS)[number];
const AMOUNT_LABEL: Record<AmountField, Parameters<VipDeskT>[0]> = {
  depositMin: 'vd_deposit_min',
  turnoverMin: 'vd_turnover_min',
  keepDeposit: 'vd_keep_deposit',
  keepTurnover: 'vd_keep_turnover',
  upgradeBonus: 'vd_upgrade',
  weeklyBonus: 'vd_weekly',
  monthlyBonus: 'vd_monthly',
  birthdayBonus: 'vd_birthday',
};

/** A level as the form edits it: every number as typed text. */
type Draft = Record<AmountField | 'name' | 'icon' | 'withdrawDailyMax' | 'withdrawDailyCount' | 'points', string>;

const BLANK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="28" fill="#ffb938"/></svg>';

/** "5" or "2,5" → 500 or 250 basis points; null when not a percentage up to 50 with two decimals. */
const parsePercent = (text: string): number | null => {
  const v = text.trim().replace(',', '.');
  if (v === '') return 0;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(v)) return null;
  const bp = Math.round(Number(v) * 100);
  return bp <= 5000 ? bp : null;
};

function LevelsForm({ current, canSave, vt }: { current: VipSettingsView; canSave: boolean; vt: VipDeskT }) {
  const money = useBrandMoney();
  const save = useSaveVip();
  const toDraft = (l: VipLevelView): Draft => ({
    name: l.name,
    icon: l.icon,
    ...(Object.fromEntries(AMOUNTS.map((k) => [k, editableAmount(l[k], money)])) as Record<AmountField, string>),
    withdrawDailyMax: l.withdrawDailyMax === null ? '' : editableAmount(l.withdrawDailyMax, money),
    withdrawDailyCount: l.withdrawDailyCount === null ? '' : String(l.withdrawDailyCount),
    points: l.pointsBonusBp ? String(l.pointsBonusBp / 100).replace('.', ',') : '',
  });
  const [windowDays, setWindowDays] = useState(String(current.windowDays));
  const [match, setMatch] = useState(current.match);
  const [levels, setLevels] = useState<Draft[]>(() => current.levels.map(toDraft));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const example = editableAmount('100000', money);
  const set = (i: number, k: keyof Draft, v: string) =>
    setLevels((ls) => ls.map((l, j) => (j === i ? { ...l, [k]: v } : l)));
  const errorOf = (path: string) => errors[path] ?? save.error?.fields[path];

  const submit = () => {
    const bad: Record<string, string> = {};
    const days = /^\d{1,3}$/.test(windowDays.trim()) ? Number(windowDays.trim()) : NaN;
    if (!(days >= 1 && days <= 365)) bad.windowDays = vt('vd_window_format');
    const body = levels.map((l, i) => {
      const amounts = {} as Record<AmountField, string>;
      for (const k of AMOUNTS) {
        const minor = parseMoney(l[k] || '0', money, { zero: true });
        if (minor === null) bad[`levels.${i}.${k}`] = vt('vd_amount_format', { example });
        else amounts[k] = minor;
      }
      const max = l.withdrawDailyMax.trim() ? parseMoney(l.withdrawDailyMax, money) : null;
      if (l.withdrawDailyMax.trim() && max === null)
        bad[`levels.${i}.withdrawDailyMax`] = vt('vd_amount_format', { example });
      const count = l.withdrawDailyCount.trim() ? Number(l.withdrawDailyCount.trim()) : null;
      if (count !== null && !(Number.isInteger(count) && count >= 1 && count <= 100))
        bad[`levels.${i}.withdrawDailyCount`] = vt('vd_whole');
      const points = parsePercent(l.points);
      if (points === null) bad[`levels.${i}.pointsBonusBp`] = vt('vd_percent_format');
      return {
        name: l.name,
        icon: l.icon,
        ...amounts,
        withdrawDailyMax: max,
        withdrawDailyCount: count,
        pointsBonusBp: points ?? 0,
      };
    });
    setErrors(bad);
    if (Object.keys(bad).length) return;
    save.mutate({ windowDays: days, match, levels: body });
  };

  return (
    <form
      className="console-stack"
      data-testid="vip-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="console-fields">
        <Input
          label={vt('vd_window')}
          inputMode="numeric"
          value={windowDays}
          onChange={(e) => setWindowDays(e.target.value)}
          error={errorOf('windowDays')}
          disabled={!canSave}
          data-testid="vip-window"
        />
        <Select<'all' | 'any'>
          label={vt('vd_match')}
          value={match}
          values={['all', 'any']}
          name={(v) => vt(`vd_match_${v}`)}
          onChange={setMatch}
          disabled={!canSave}
          testId="vip-match"
        />
      </div>
      {levels.map((l, i) => (
        <fieldset key={i} className="console-card vip-desk__level" data-testid="vip-level" data-level={i + 1}>
          <legend className="console-card__title vip-desk__legend">
            {l.icon ? (
              <img
                className="vip-desk__icon"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(l.icon)}`}
                width={32}
                height={32}
                alt=""
              />
            ) : null}
            {vt('vd_level_n', { n: i + 1 })}
            {l.name ? ` · ${l.name}` : ''}
          </legend>
          <div className="console-fields">
            <Input
              label={vt('vd_name')}
              value={l.name}
              maxLength={30}
              onChange={(e) => set(i, 'name', e.target.value)}
              error={errorOf(`levels.${i}.name`)}
              disabled={!canSave}
              data-testid="vip-level-name"
            />
            {AMOUNTS.map((k) => (
              <Input
                key={k}
                label={vt(AMOUNT_LABEL[k])}
                inputMode="decimal"
                value={l[k]}
                onChange={(e) => set(i, k, e.target.value)}
                error={errorOf(`levels.${i}.${k}`)}
                disabled={!canSave}
                trailing={
                  <span className="console-unit" aria-hidden="true">
                    {money.symbol}
                  </span>
                }
                data-testid={`vip-${k}`}
              />
            ))}
            <Input
              label={vt('vd_withdraw_max')}
              hint={vt('vd_empty_standard')}
              inputMode="decimal"
              value={l.withdrawDailyMax}
              onChange={(e) => set(i, 'withdrawDailyMax', e.target.value)}
              error={errorOf(`levels.${i}.withdrawDailyMax`)}
              disabled={!canSave}
              data-testid="vip-withdrawDailyMax"
            />
            <Input
              label={vt('vd_withdraw_count')}
              hint={vt('vd_empty_standard')}
              inputMode="numeric"
              value={l.withdrawDailyCount}
              onChange={(e) => set(i, 'withdrawDailyCount', e.target.value)}
              error={errorOf(`levels.${i}.withdrawDailyCount`)}
              disabled={!canSave}
              data-testid="vip-withdrawDailyCount"
            />
            <Input
              label={vt('vd_points')}
              inputMode="decimal"
              value={l.points}
              onChange={(e) => set(i, 'points', e.target.value)}
              error={errorOf(`levels.${i}.pointsBonusBp`)}
              disabled={!canSave}
              data-testid="vip-points"
            />
          </div>
          <TextArea
            label={vt('vd_icon')}
            value={l.icon}
            rows={2}
            onChange={(e) => set(i, 'icon', e.target.value)}
            error={errorOf(`levels.${i}.icon`)}
            disabled={!canSave}
            spellCheck={false}
            data-testid="vip-icon"
          />
        </fieldset>
      ))}
      <div className="console-actions">
        <Button
          variant="ghost"
          size="sm"
          disabled={!canSave || levels.length >= MAX_VIP_LEVELS}
          onClick={() =>
            setLevels((ls) => [
              ...ls,
              {
                ...(ls[ls.length - 1] ?? {
                  ...(Object.fromEntries(AMOUNTS.map((k) => [k, ''])) as Record<AmountField, string>),
                  withdrawDailyMax: '',
                  withdrawDailyCount: '',
                  points: '',
                }),
                name: '',
                icon: BLANK,
              },
            ])
          }
          data-testid="vip-add"
        >
          {vt('vd_add')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!canSave || !levels.length}
          onClick={() => setLevels((ls) => ls.slice(0, -1))}
          data-testid="vip-remove"
        >
          {vt('vd_remove')}
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!canSave} data-testid="vip-save">
          {vt('vd_save')}
        </Button>
        <SaveOutcome save={save} savedText={vt('vd_saved')} />
      </div>
    </form>
  );
}

/**
 * VIP (issue 20, decision 074): the levels editor (window, rule, each level's thresholds, keep
 * rules, bonuses and perks; finance saves) and the VIP distribution report (members per level and
 * the VIP bonuses paid over the last days).
 */
export function VipDesk({ t }: { t: ConsoleT }) {
  const { t: vt, ready } = useVipDeskText();
  const role = useOperatorSession()?.role ?? '';
  const q = useVipSettings();
  const [days, setDays] = useState<7 | 30 | 90>(30);
  const report = useVipReport(days);
  const money = useBrandMoney();
  if (!ready) return null;
  const total = report.data?.distribution.reduce((s, d) => s + d.members, 0) ?? 0;
  return (
    <>
      <DeskCard id="vip-levels" title={vt('vd_levels')} hint={vt('vd_levels_hint')} testId="vip-card">
        {!SETS_LEVELS.has(role) ? <p className="console-muted">{vt('vd_finance_only')}</p> : null}
        <ErrorLine error={q.error} />
        {q.data ? (
          <LevelsForm key={JSON.stringify(q.data)} current={q.data} canSave={SETS_LEVELS.has(role)} vt={vt} />
        ) : q.error ? null : (
          <p className="console-muted">{vt('vd_loading')}</p>
        )}
      </DeskCard>
      <DeskCard id="vip-report" title={vt('vd_report')} testId="vip-report-card">
        <ErrorLine error={report.error} />
        {report.data ? (
          <DeskTable
            testId="vip-distribution"
            caption={vt('vd_report')}
            columns={[
              { label: vt('vd_col_level'), wide: true },
              { label: vt('vd_col_members'), numeric: true },
              { label: vt('vd_col_share'), numeric: true },
            ]}
            empty={false}
            compact
            t={t}
          >
            {report.data.distribution.map((d) => (
              <tr key={d.level} data-testid="vip-distribution-row" data-level={d.level}>
                <td>{d.level === 0 ? vt('vd_no_level') : `${d.level} · ${d.name ?? ''}`}</td>
                <td className="console-num">{d.members}</td>
                <td className="console-num">{total ? `${Math.round((d.members * 1000) / total) / 10}%` : '—'}</td>
              </tr>
            ))}
          </DeskTable>
        ) : null}
        <div className="console-actions" role="group" aria-label={vt('vd_period')}>
          {([7, 30, 90] as const).map((d) => (
            <Button
              key={d}
              size="sm"
              variant={d === days ? 'secondary' : 'ghost'}
              aria-pressed={d === days}
              onClick={() => setDays(d)}
              data-testid={`vip-report-${d}`}
            >
              {vt('vd_last_n', { n: d })}
            </Button>
          ))}
        </div>
        {report.data ? (
          <DeskTable
            testId="vip-bonuses"
            caption={vt('vd_bonuses')}
            columns={[
              { label: vt('vd_col_kind'), wide: true },
              { label: vt('vd_col_count'), numeric: true },
              { label: vt('vd_col_amount'), numeric: true },
            ]}
            empty={!report.data.bonuses.length}
            emptyText={vt('vd_none')}
            compact
            t={t}
          >
            {report.data.bonuses.map((b) => (
              <tr key={b.kind} data-testid="vip-bonus-row" data-kind={b.kind}>
                <td>{vt(`vd_kind_${b.kind}`)}</td>
                <td className="console-num">{b.count}</td>
                <td className="console-num">{formatMoney(b.amount, money)}</td>
              </tr>
            ))}
          </DeskTable>
        ) : null}
      </DeskCard>
    </>
  );
}
