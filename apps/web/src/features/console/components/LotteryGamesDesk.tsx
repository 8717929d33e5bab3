import {
  LOTTERY_PRIZE_GROUP_MAX,
  LOTTERY_PRIZE_GROUP_MIN,
  LOTTERY_VOID_AFTER_MAX_HOURS,
  type LotteryDeskGame,
  type LotteryFamily,
  type LotteryPrizeRow,
} from '@app/contract';
import { useState } from 'react';
import { Button, Checkbox, Input } from '../../../components/ui/index.ts';
import { editableAmount, formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import {
  useLotteryDeskGames,
  useLotteryPrizes,
  useSaveGameLimits,
  useSaveGameSettings,
  useSavePrizes,
} from '../api/lotteryGames.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { LotteryReportCard } from './LotteryReportCard.tsx';
import { familyName } from './lotteryNames.ts';
import { DeskCard, DeskTable, SaveOutcome } from './parts.tsx';

type Key = Parameters<ConsoleT>[0];

/** A whole number typed in a field, or null. */
const wholeOf = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The switch, closing seconds, prize group and (official games) the result deadline. */
/*
 * Each form is keyed on the values it shows, so a saved change that the list brings back gives it a
 * fresh start; its save lives in the card above it, so "Saved" (or the refusal) outlives that remount.
 */
type SettingsSave = ReturnType<typeof useSaveGameSettings>;
type LimitsSave = ReturnType<typeof useSaveGameLimits>;
type PrizesSave = ReturnType<typeof useSavePrizes>;

function SettingsForm({ game, t, save }: { game: LotteryDeskGame; t: ConsoleT; save: SettingsSave }) {
  const [enabled, setEnabled] = useState(game.enabled);
  const [close, setClose] = useState(String(game.closeSeconds));
  const [group, setGroup] = useState(String(game.prizeGroup));
  const [deadline, setDeadline] = useState(game.voidAfterHours === null ? '' : String(game.voidAfterHours));
  const [local, setLocal] = useState<Record<string, string>>({});
  const server = save.error?.fields ?? {};
  const errorOf = (field: string) => local[field] ?? server[field];

  const submit = () => {
    const bad: Record<string, string> = {};
    const closeSeconds = wholeOf(close);
    if (closeSeconds === null || closeSeconds >= game.intervalSeconds)
      bad.closeSeconds = t('lg_close_range', { max: game.intervalSeconds - 1 });
    const prizeGroup = wholeOf(group);
    if (prizeGroup === null || prizeGroup < LOTTERY_PRIZE_GROUP_MIN || prizeGroup > LOTTERY_PRIZE_GROUP_MAX)
      bad.prizeGroup = t('lg_group_range', { min: LOTTERY_PRIZE_GROUP_MIN, max: LOTTERY_PRIZE_GROUP_MAX });
    const hours = deadline.trim() === '' ? null : wholeOf(deadline);
    if (
      game.official &&
      deadline.trim() !== '' &&
      (hours === null || hours < 1 || hours > LOTTERY_VOID_AFTER_MAX_HOURS)
    )
      bad.voidAfterHours = t('lg_deadline_range', { max: LOTTERY_VOID_AFTER_MAX_HOURS });
    setLocal(bad);
    if (Object.keys(bad).length) return;
    save.mutate({
      gameCode: game.gameCode,
      enabled,
      closeSeconds: closeSeconds!,
      prizeGroup: prizeGroup!,
      voidAfterHours: game.official ? hours : null,
    });
  };

  return (
    <form
      className="console-stack"
      data-testid="lg-settings"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Checkbox
        label={t('lg_enabled')}
        checked={enabled}
        onChange={(e) => setEnabled(e.target.checked)}
        data-testid="lg-enabled"
      />
      <div className="console-fields">
        <Input
          label={t('lg_close_seconds')}
          inputMode="numeric"
          value={close}
          onChange={(e) => setClose(e.target.value)}
          error={errorOf('closeSeconds')}
          hint={t('lg_close_hint')}
          data-testid="lg-close"
        />
        {game.usesPrizeGroup ? (
          <Input
            label={t('lg_prize_group')}
            inputMode="numeric"
            value={group}
            onChange={(e) => setGroup(e.target.value)}
            error={errorOf('prizeGroup')}
            hint={t('lg_group_hint', { min: LOTTERY_PRIZE_GROUP_MIN, max: LOTTERY_PRIZE_GROUP_MAX })}
            data-testid="lg-group"
          />
        ) : null}
        {game.official ? (
          <Input
            label={t('lg_deadline')}
            inputMode="numeric"
            value={deadline}
            onChange={(e) => setDeadline(e.target.value)}
            error={errorOf('voidAfterHours')}
            hint={t('lg_deadline_hint')}
            data-testid="lg-deadline"
          />
        ) : null}
      </div>
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} data-testid="lg-settings-save">
          {t('cs_save')}
        </Button>
      </div>
      <SaveOutcome save={save} t={t} />
    </form>
  );
}

const LIMITS = ['minBet', 'maxBet', 'maxPeriod', 'maxExposure'] as const;
type Limit = (typeof LIMITS)[number];

/** Per bet, per member and period, per number and period (amounts in the brand's money). */
function LimitsForm({ game, t, save }: { game: LotteryDeskGame; t: ConsoleT; save: LimitsSave }) {
  const money = useBrandMoney();
  const [values, setValues] = useState<Record<Limit, string>>(
    () => Object.fromEntries(LIMITS.map((k) => [k, editableAmount(game[k], money)])) as Record<Limit, string>,
  );
  const [local, setLocal] = useState<Partial<Record<Limit, string>>>({});
  const server = save.error?.fields ?? {};
  const submit = () => {
    const bad: Partial<Record<Limit, string>> = {};
    const minor: Partial<Record<Limit, string>> = {};
    for (const k of LIMITS) {
      const v = parseMoney(values[k], money);
      if (v === null || v === '0') bad[k] = t('lg_amount_format', { example: editableAmount('1000', money) });
      else minor[k] = v;
    }
    setLocal(bad);
    if (Object.keys(bad).length) return;
    save.mutate({
      gameCode: game.gameCode,
      minBet: minor.minBet!,
      maxBet: minor.maxBet!,
      maxPeriod: minor.maxPeriod!,
      maxExposure: minor.maxExposure!,
    });
  };
  return (
    <form
      className="console-stack"
      data-testid="lg-limits"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="console-fields">
        {LIMITS.map((k) => (
          <Input
            key={k}
            label={t(`lg_${k}` as Key)}
            inputMode="decimal"
            value={values[k]}
            onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
            error={local[k] ?? server[k]}
            data-testid={`lg-${k}`}
          />
        ))}
      </div>
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} data-testid="lg-limits-save">
          {t('cs_save')}
        </Button>
      </div>
      <SaveOutcome save={save} t={t} />
    </form>
  );
}

/** A family's prizes (the odds of its bet types) for one 2.00 unit at prize group 1800, each within its bounds. */
function PrizesForm({
  family,
  list,
  t,
  save,
}: {
  family: LotteryFamily;
  list: LotteryPrizeRow[];
  t: ConsoleT;
  save: PrizesSave;
}) {
  const money = useBrandMoney();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(list.map((r) => [r.prizeKey, editableAmount(r.prize, money)])),
  );
  const [bad, setBad] = useState<Record<string, string>>({});
  const submit = () => {
    const errors: Record<string, string> = {};
    const changed: { prizeKey: string; prize: string }[] = [];
    for (const r of list) {
      const v = parseMoney(values[r.prizeKey] ?? '', money);
      if (v === null || BigInt(v) < BigInt(r.min) || BigInt(v) > BigInt(r.max))
        errors[r.prizeKey] = t('lg_prize_range', { min: formatMoney(r.min, money), max: formatMoney(r.max, money) });
      else if (v !== r.prize) changed.push({ prizeKey: r.prizeKey, prize: v });
    }
    setBad(errors);
    if (Object.keys(errors).length || !changed.length) return;
    save.mutate({ family, prizes: changed });
  };
  const serverField = (i: string) => save.error?.fields[i];
  return (
    <form
      className="console-stack"
      data-testid="lg-prizes"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <DeskTable
        testId="lg-prize-table"
        caption={t('lg_prizes_title', { family: familyName(t, family) })}
        compact
        columns={[
          { label: t('lg_prize_key') },
          { label: t('lg_bet_types'), wide: true },
          { label: t('lg_seeded'), numeric: true },
          { label: t('lg_prize') },
        ]}
        empty={!list.length}
        t={t}
      >
        {list.map((r, i) => (
          <tr key={r.prizeKey} data-testid="lg-prize-row" data-key={r.prizeKey}>
            <td>
              <code>{r.prizeKey}</code>
            </td>
            <td className="lg-types">{r.betTypes.join(', ')}</td>
            <td className="console-num">{formatMoney(r.seeded, money)}</td>
            <td className="lg-prize-cell">
              <Input
                label={t('lg_prize_of', { key: r.prizeKey })}
                hideLabel
                inputMode="decimal"
                value={values[r.prizeKey] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [r.prizeKey]: e.target.value }))}
                error={bad[r.prizeKey] ?? serverField(`prizes.${i}.prize`)}
                data-testid={`lg-prize-${r.prizeKey}`}
              />
            </td>
          </tr>
        ))}
      </DeskTable>
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} data-testid="lg-prizes-save">
          {t('cs_save')}
        </Button>
      </div>
      <SaveOutcome save={save} t={t} />
    </form>
  );
}

/** One game's forms: settings, limits, and its family's prizes. */
function GameCard({ game, t }: { game: LotteryDeskGame; t: ConsoleT }) {
  const prizes = useLotteryPrizes(game.family);
  const settingsSave = useSaveGameSettings();
  const limitsSave = useSaveGameLimits();
  const prizesSave = useSavePrizes();
  return (
    <DeskCard
      id="lg-game"
      testId="lg-game"
      title={`${familyName(t, game.family)} · ${game.gameCode}`}
      hint={game.official ? t('lg_official_hint') : t('lg_house_hint')}
    >
      <h3 className="console-subtitle">{t('lg_settings')}</h3>
      <SettingsForm
        key={`s-${game.gameCode}-${game.enabled}-${game.closeSeconds}-${game.prizeGroup}`}
        game={game}
        t={t}
        save={settingsSave}
      />
      <h3 className="console-subtitle">{t('lg_limits')}</h3>
      <LimitsForm key={`l-${game.gameCode}-${game.maxBet}-${game.maxPeriod}`} game={game} t={t} save={limitsSave} />
      <h3 className="console-subtitle">{t('lg_prizes_title', { family: familyName(t, game.family) })}</h3>
      <p className="console-muted">{game.usesPrizeGroup ? t('lg_prizes_hint_group') : t('lg_prizes_hint')}</p>
      {prizes.data ? (
        <PrizesForm
          key={`${game.family}-${prizes.data.list.map((r) => r.prize).join()}`}
          family={game.family}
          list={prizes.data.list}
          t={t}
          save={prizesSave}
        />
      ) : null}
    </DeskCard>
  );
}

/**
 * The lottery games desk (decision 081): every game's switch, closing seconds, prize group, limits
 * and official-result deadline; a family's prizes; the GGR report per game.
 */
export function LotteryGamesDesk({ t }: { t: ConsoleT }) {
  const money = useBrandMoney();
  const q = useLotteryDeskGames();
  const list = q.data?.list ?? [];
  const [open, setOpen] = useState<string | null>(null);
  const chosen = list.find((g) => g.gameCode === open) ?? null;
  return (
    <div className="lg-desk" data-testid="lg-desk">
      <DeskCard id="lg-list" title={t('lg_title')} hint={t('lg_hint')}>
        <DeskTable
          testId="lg-games"
          caption={t('lg_title')}
          columns={[
            { label: t('lg_game') },
            { label: t('lg_state') },
            { label: t('lg_close_seconds'), numeric: true },
            { label: t('lg_prize_group'), numeric: true },
            { label: t('lg_maxBet'), numeric: true },
            { label: t('lg_maxExposure'), numeric: true },
            { label: '' },
          ]}
          empty={Boolean(q.data && !list.length)}
          busy={q.isFetching}
          t={t}
        >
          {list.map((g) => (
            <tr key={g.gameCode} data-testid="lg-row" data-game={g.gameCode} aria-selected={g.gameCode === open}>
              <td>
                <strong>{familyName(t, g.family)}</strong>
                <br />
                <code className="console-muted">{g.gameCode}</code>
              </td>
              <td>
                <span className={`console-status console-status--${g.enabled ? 'available' : 'disabled'}`}>
                  {g.enabled ? t('lg_on') : t('lg_off')}
                </span>
              </td>
              <td className="console-num">{g.closeSeconds}</td>
              <td className="console-num">{g.usesPrizeGroup ? g.prizeGroup : '—'}</td>
              <td className="console-num">{formatMoney(g.maxBet, money)}</td>
              <td className="console-num">{formatMoney(g.maxExposure, money)}</td>
              <td>
                <Button size="sm" variant="outline" onClick={() => setOpen(g.gameCode)} data-testid="lg-open">
                  {t('lg_edit')}
                </Button>
              </td>
            </tr>
          ))}
        </DeskTable>
      </DeskCard>
      {chosen ? <GameCard key={chosen.gameCode} game={chosen} t={t} /> : null}
      <LotteryReportCard t={t} />
    </div>
  );
}
