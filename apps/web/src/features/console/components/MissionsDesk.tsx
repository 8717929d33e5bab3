import {
  GAME_TYPES,
  LANGUAGES,
  LEADERBOARD_METRICS,
  LEADERBOARD_PERIODS,
  MISSION_KINDS,
  MISSION_PERIODS,
  MISSION_REWARDS,
  MONEY_MISSION_KINDS,
  type GameType,
  type Language,
  type MissionInput,
  type OperatorLeaderboard,
  type OperatorMission,
} from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '../../../components/ui/index.ts';
import { editableAmount, formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import {
  useEndLeaderboard,
  useEndMission,
  useMissionDesk,
  useMissionReport,
  useSaveLeaderboard,
  useSaveMission,
} from '../api/missions.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import {
  DeskCard,
  DeskTable,
  DoneLine,
  ErrorLine,
  filledTexts,
  languageTexts,
  Select,
  textOf,
  type LanguageTexts,
} from './parts.tsx';

type Titles = LanguageTexts;
const titlesOf = languageTexts;
const filled = filledTexts;
const ANY_TYPE: readonly (GameType | '')[] = ['', ...GAME_TYPES];
const nameOf = (t: Partial<Record<Language, string>>) => textOf(t);

function TitleFields({
  titles,
  set,
  error,
  prefix,
}: {
  titles: Titles;
  set: (l: Language, v: string) => void;
  error?: string;
  prefix: string;
}) {
  return (
    <div className="console-fields">
      {LANGUAGES.map((l, i) => (
        <Input
          key={l}
          label={`${l}`}
          value={titles[l]}
          maxLength={80}
          onChange={(e) => set(l, e.target.value)}
          error={i === 0 ? error : undefined}
          data-testid={`${prefix}-title-${l}`}
        />
      ))}
    </div>
  );
}

/** Creates or edits a mission: titles, period, kind and target, reward (cash, bonus with wagering, points). */
function MissionForm({
  current,
  t,
  onDone,
}: {
  current: OperatorMission | null;
  t: ConsoleT;
  onDone: (m: OperatorMission) => void;
}) {
  const { t: tg } = useTranslation();
  const money = useBrandMoney();
  const save = useSaveMission();
  const [titles, setTitles] = useState(() => titlesOf(current?.title));
  const [f, setF] = useState(() => ({
    period: current?.period ?? 'daily',
    kind: current?.kind ?? 'deposit',
    gameType: (current?.gameType ?? '') as GameType | '',
    target: current
      ? MONEY_MISSION_KINDS.includes(current.kind)
        ? editableAmount(current.target, money)
        : current.target
      : '',
    rewardKind: current?.rewardKind ?? 'cash',
    reward: current ? (current.rewardKind === 'points' ? current.reward : editableAmount(current.reward, money)) : '',
    wageringMultiple: String(current?.wageringMultiple ?? 0),
  }));
  const [local, setLocal] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const example = editableAmount('5000', money);
  const err = (k: string) => local[k] ?? save.error?.fields[k];
  const moneyTarget = MONEY_MISSION_KINDS.includes(f.kind);
  const hasType = f.kind === 'turnover' || f.kind === 'rounds';

  const submit = () => {
    const errors: Record<string, string> = {};
    const amount = (k: 'target' | 'reward') => {
      const minor = parseMoney(f[k], money);
      if (minor === null || minor === '0') errors[k] = t('cs_amount_format', { example });
      return minor ?? '0';
    };
    const whole = (k: 'target' | 'reward' | 'wageringMultiple', zero = false) => {
      const v = f[k].trim();
      if (!/^\d{1,9}$/.test(v) || (!zero && Number(v) === 0)) errors[k] = t('cs_whole_number');
      return v;
    };
    const body: MissionInput = {
      ...(current ? { id: current.id } : {}),
      title: filled(titles),
      period: f.period,
      kind: f.kind,
      gameType: hasType && f.gameType ? f.gameType : null,
      target: moneyTarget ? amount('target') : whole('target'),
      rewardKind: f.rewardKind,
      reward: f.rewardKind === 'points' ? whole('reward') : amount('reward'),
      wageringMultiple: f.rewardKind === 'bonus' ? Number(whole('wageringMultiple', true)) : 0,
    };
    if (!Object.keys(body.title).length) errors.title = t('cs_ms_title_needed');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    save.mutate(body, { onSuccess: onDone });
  };

  return (
    <form
      className="console-stack"
      data-testid="mission-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TitleFields
        titles={titles}
        set={(l, v) => setTitles((x) => ({ ...x, [l]: v }))}
        error={err('title')}
        prefix="mission"
      />
      <div className="console-fields">
        <Select
          label={t('cs_ms_period')}
          value={f.period}
          values={MISSION_PERIODS}
          name={(v) => t(`cs_ms_period_${v}`)}
          onChange={(v) => set('period', v)}
          testId="mission-period"
        />
        <Select
          label={t('cs_ms_kind')}
          value={f.kind}
          values={MISSION_KINDS}
          name={(v) => t(`cs_ms_kind_${v}`)}
          onChange={(v) => set('kind', v)}
          testId="mission-kind"
        />
        {hasType ? (
          <Select
            label={t('cs_ms_game_type')}
            value={f.gameType}
            values={ANY_TYPE}
            name={(v) => (v ? tg(`game_${v}`) : t('cs_ms_every_type'))}
            onChange={(v) => set('gameType', v)}
            testId="mission-game-type"
          />
        ) : null}
        <Input
          label={moneyTarget ? t('cs_ms_target_amount') : t('cs_ms_target_count')}
          inputMode={moneyTarget ? 'decimal' : 'numeric'}
          value={f.target}
          onChange={(e) => set('target', e.target.value)}
          error={err('target')}
          data-testid="mission-target"
        />
        <Select
          label={t('cs_ms_reward_kind')}
          value={f.rewardKind}
          values={MISSION_REWARDS}
          name={(v) => t(`cs_ms_reward_${v}`)}
          onChange={(v) => set('rewardKind', v)}
          testId="mission-reward-kind"
        />
        <Input
          label={f.rewardKind === 'points' ? t('cs_ms_reward_points_n') : t('cs_ms_reward_amount')}
          inputMode={f.rewardKind === 'points' ? 'numeric' : 'decimal'}
          value={f.reward}
          onChange={(e) => set('reward', e.target.value)}
          error={err('reward')}
          data-testid="mission-reward"
        />
        {f.rewardKind === 'bonus' ? (
          <Input
            label={t('cs_ms_wagering')}
            inputMode="numeric"
            value={f.wageringMultiple}
            onChange={(e) => set('wageringMultiple', e.target.value)}
            error={err('wageringMultiple')}
            data-testid="mission-wagering"
          />
        ) : null}
      </div>
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} data-testid="mission-save">
          {current ? t('cs_save') : t('cs_ms_create')}
        </Button>
        <ErrorLine error={save.error} />
      </div>
    </form>
  );
}

/** Creates or edits a leaderboard: titles, metric, period, game type, the prize of each place. */
function BoardForm({ current, t, onDone }: { current: OperatorLeaderboard | null; t: ConsoleT; onDone: () => void }) {
  const { t: tg } = useTranslation();
  const money = useBrandMoney();
  const save = useSaveLeaderboard();
  const [titles, setTitles] = useState(() => titlesOf(current?.title));
  const [metric, setMetric] = useState(current?.metric ?? 'turnover');
  const [period, setPeriod] = useState(current?.period ?? 'weekly');
  const [gameType, setGameType] = useState<GameType | ''>(current?.gameType ?? '');
  const [prizes, setPrizes] = useState(() => (current?.prizes ?? []).map((p) => editableAmount(p, money)).join('; '));
  const [local, setLocal] = useState<Record<string, string>>({});
  const submit = () => {
    const errors: Record<string, string> = {};
    const list = prizes
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => parseMoney(p, money));
    if (!list.length || list.some((p) => p === null || p === '0'))
      errors.prizes = t('cs_lb_prizes_format', {
        example: `${editableAmount('50000', money)}; ${editableAmount('20000', money)}`,
      });
    const title = filled(titles);
    if (!Object.keys(title).length) errors.title = t('cs_ms_title_needed');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    save.mutate(
      {
        ...(current ? { id: current.id } : {}),
        title,
        metric,
        period,
        gameType: gameType || null,
        prizes: list as string[],
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form
      className="console-stack"
      data-testid="leaderboard-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TitleFields
        titles={titles}
        set={(l, v) => setTitles((x) => ({ ...x, [l]: v }))}
        error={local.title}
        prefix="leaderboard"
      />
      <div className="console-fields">
        <Select
          label={t('cs_lb_metric')}
          value={metric}
          values={LEADERBOARD_METRICS}
          name={(v) => t(`cs_lb_metric_${v}`)}
          onChange={setMetric}
          testId="leaderboard-metric"
        />
        <Select
          label={t('cs_ms_period')}
          value={period}
          values={LEADERBOARD_PERIODS}
          name={(v) => t(`cs_ms_period_${v}`)}
          onChange={setPeriod}
          testId="leaderboard-period"
        />
        <Select
          label={t('cs_ms_game_type')}
          value={gameType}
          values={ANY_TYPE}
          name={(v) => (v ? tg(`game_${v}`) : t('cs_ms_every_type'))}
          onChange={setGameType}
          testId="leaderboard-game-type"
        />
        <Input
          label={t('cs_lb_prizes')}
          value={prizes}
          onChange={(e) => setPrizes(e.target.value)}
          error={local.prizes ?? save.error?.fields.prizes}
          data-testid="leaderboard-prizes"
        />
      </div>
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} data-testid="leaderboard-save">
          {current ? t('cs_save') : t('cs_lb_create')}
        </Button>
        <ErrorLine error={save.error} />
      </div>
    </form>
  );
}

/**
 * The missions desk (issue 20, decision 073): missions with their state (create, edit, end), the
 * leaderboards (create, edit, end) and the completion report (claims per mission, prizes per board).
 */
export function MissionsDesk({ t }: { t: ConsoleT }) {
  const { t: tg } = useTranslation();
  const money = useBrandMoney();
  const q = useMissionDesk();
  const endMission = useEndMission();
  const endBoard = useEndLeaderboard();
  const [editing, setEditing] = useState<OperatorMission | 'new' | null>(null);
  const [board, setBoard] = useState<OperatorLeaderboard | 'new' | null>(null);
  const [days, setDays] = useState<1 | 7 | 30>(7);
  const report = useMissionReport(days);
  const [done, setDone] = useState('');
  const m = (minor: string) => formatMoney(minor, money);
  const rewardText = (x: { rewardKind: string; reward: string; wageringMultiple?: number }) =>
    x.rewardKind === 'points'
      ? t('cs_ms_points', { n: x.reward })
      : x.rewardKind === 'bonus'
        ? t('cs_ms_bonus', { amount: m(x.reward), times: x.wageringMultiple ?? 0 })
        : m(x.reward);
  const targetText = (x: OperatorMission) =>
    `${t(`cs_ms_kind_${x.kind}`)}: ${MONEY_MISSION_KINDS.includes(x.kind) ? m(x.target) : x.target}${
      x.gameType ? ` (${tg(`game_${x.gameType}`)})` : ''
    }`;

  return (
    <div className="console-panel" data-testid="missions-desk">
      <DeskCard id="missions-list" title={t('cs_ms_title')} hint={t('cs_ms_hint')} testId="missions-card">
        <ErrorLine error={q.error} />
        <DoneLine text={done} testId="missions-done" />
        {q.data ? (
          <DeskTable
            testId="missions-table"
            caption={t('cs_ms_title')}
            columns={[
              { label: t('cs_ms_name'), wide: true },
              { label: t('cs_ms_period') },
              { label: t('cs_ms_goal') },
              { label: t('cs_ms_reward') },
              { label: t('cs_ms_state') },
              { label: t('cs_actions') },
            ]}
            empty={!q.data.missions.length}
            emptyText={t('cs_ms_none')}
            compact
            t={t}
          >
            {q.data.missions.map((x) => (
              <tr key={x.id} data-testid="mission-row" data-live={x.live}>
                <td>{nameOf(x.title)}</td>
                <td>{t(`cs_ms_period_${x.period}`)}</td>
                <td>{targetText(x)}</td>
                <td>{rewardText(x)}</td>
                <td>{x.live ? t('cs_ms_live') : t('cs_ms_ended')}</td>
                <td>
                  {x.live ? (
                    <div className="console-actions">
                      <Button size="sm" variant="ghost" onClick={() => setEditing(x)} data-testid="mission-edit">
                        {t('cs_ms_edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        loading={endMission.isPending && endMission.variables?.id === x.id}
                        onClick={() =>
                          endMission.mutate({ id: x.id }, { onSuccess: () => setDone(t('cs_ms_ended_ok')) })
                        }
                        data-testid="mission-end"
                      >
                        {t('cs_ms_end')}
                      </Button>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </DeskTable>
        ) : (
          <p className="console-muted">{t('cs_loading')}</p>
        )}
        {editing ? (
          <MissionForm
            key={editing === 'new' ? 'new' : editing.id}
            current={editing === 'new' ? null : editing}
            t={t}
            onDone={(x) => {
              setEditing(null);
              setDone(t('cs_ms_saved', { name: nameOf(x.title) }));
            }}
          />
        ) : (
          <div className="console-actions">
            <Button onClick={() => setEditing('new')} data-testid="mission-new">
              {t('cs_ms_new')}
            </Button>
          </div>
        )}
      </DeskCard>

      <DeskCard id="leaderboards-list" title={t('cs_lb_title')} hint={t('cs_lb_hint')} testId="leaderboards-card">
        {q.data ? (
          <DeskTable
            testId="leaderboards-table"
            caption={t('cs_lb_title')}
            columns={[
              { label: t('cs_ms_name'), wide: true },
              { label: t('cs_lb_metric') },
              { label: t('cs_ms_period') },
              { label: t('cs_lb_prizes') },
              { label: t('cs_actions') },
            ]}
            empty={!q.data.leaderboards.length}
            emptyText={t('cs_lb_none')}
            compact
            t={t}
          >
            {q.data.leaderboards.map((b) => (
              <tr key={b.id} data-testid="leaderboard-desk-row">
                <td>{nameOf(b.title)}</td>
                <td>{t(`cs_lb_metric_${b.metric}`)}</td>
                <td>{t(`cs_ms_period_${b.period}`)}</td>
                <td>{b.prizes.map(m).join(' · ')}</td>
                <td>
                  {b.live ? (
                    <div className="console-actions">
                      <Button size="sm" variant="ghost" onClick={() => setBoard(b)}>
                        {t('cs_ms_edit')}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => endBoard.mutate({ id: b.id })}>
                        {t('cs_ms_end')}
                      </Button>
                    </div>
                  ) : (
                    t('cs_ms_ended')
                  )}
                </td>
              </tr>
            ))}
          </DeskTable>
        ) : null}
        {board ? (
          <BoardForm
            key={board === 'new' ? 'new' : board.id}
            current={board === 'new' ? null : board}
            t={t}
            onDone={() => setBoard(null)}
          />
        ) : (
          <div className="console-actions">
            <Button variant="secondary" onClick={() => setBoard('new')} data-testid="leaderboard-new">
              {t('cs_lb_new')}
            </Button>
          </div>
        )}
      </DeskCard>

      <DeskCard id="missions-report" title={t('cs_ms_report')} testId="missions-report-card">
        <div className="console-actions" role="group" aria-label={t('cs_rb_period')}>
          {([1, 7, 30] as const).map((d) => (
            <Button
              key={d}
              size="sm"
              variant={d === days ? 'secondary' : 'ghost'}
              aria-pressed={d === days}
              onClick={() => setDays(d)}
            >
              {t(`cs_rb_last_${d}`)}
            </Button>
          ))}
        </div>
        {report.data ? (
          <>
            <DeskTable
              testId="missions-report-table"
              caption={t('cs_ms_report')}
              columns={[
                { label: t('cs_ms_name'), wide: true },
                { label: t('cs_ms_period') },
                { label: t('cs_ms_completions'), numeric: true },
                { label: t('cs_pr_members'), numeric: true },
                { label: t('cs_ms_paid'), numeric: true },
              ]}
              empty={!report.data.missions.length}
              emptyText={t('cs_ms_none')}
              compact
              t={t}
            >
              {report.data.missions.map((r) => (
                <tr key={r.missionId} data-testid="missions-report-row">
                  <td>{r.title}</td>
                  <td>{t(`cs_ms_period_${r.period}`)}</td>
                  <td className="console-num">{r.claims}</td>
                  <td className="console-num">{r.members}</td>
                  <td className="console-num">
                    {r.rewardKind === 'points' ? t('cs_ms_points', { n: r.paid }) : m(r.paid)}
                  </td>
                </tr>
              ))}
            </DeskTable>
            <DeskTable
              testId="leaderboards-report-table"
              caption={t('cs_lb_title')}
              columns={[
                { label: t('cs_ms_name'), wide: true },
                { label: t('cs_lb_periods'), numeric: true },
                { label: t('cs_lb_winners'), numeric: true },
                { label: t('cs_ms_paid'), numeric: true },
              ]}
              empty={!report.data.leaderboards.length}
              emptyText={t('cs_lb_none')}
              compact
              t={t}
            >
              {report.data.leaderboards.map((r) => (
                <tr key={r.leaderboardId}>
                  <td>{r.title}</td>
                  <td className="console-num">{r.periods}</td>
                  <td className="console-num">{r.winners}</td>
                  <td className="console-num">{m(r.paid)}</td>
                </tr>
              ))}
            </DeskTable>
          </>
        ) : null}
      </DeskCard>
    </div>
  );
}
