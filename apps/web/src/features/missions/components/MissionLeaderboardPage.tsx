import type { MemberLeaderboard, MemberMission, Standing } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, EmptyState, Icon, Skeleton, TabPanel, Tabs, buttonClass } from '../../../components/ui/index.ts';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { useLiveFeed } from '../../../lib/live/feed.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useClaimMission, useLeaderboards, useMissions, useRefreshMissions } from '../api/missions.ts';
import { useMissionsText, type MissionsT } from '../hooks/useMissionsText.ts';
import '../missions.css';

type Tab = 'missions' | 'leaderboard';
const PANEL_PREFIX = 'mission-leaderboard';
/** Kinds whose target is money (the contract's MONEY_MISSION_KINDS; the page imports no zod). */
const MONEY_KINDS = new Set<string>(['deposit', 'turnover']);

/**
 * missionLeaderboard (spec §2 and §7, decision 073): the missions of the day, the week and one-off
 * ones with the member's progress and a Claim button, and the leaderboards with the current
 * standings, the member's own place and the last period's winners. A credited deposit or a settled
 * round on the live feed asks again, so progress moves within seconds.
 */
export function MissionLeaderboardPage() {
  const { t, ready } = useMissionsText();
  const [tab, setTab] = useState<Tab>('missions');
  const missions = useMissions();
  const { token, isTrial } = useSession();
  const refresh = useRefreshMissions();
  useLiveFeed(token && !isTrial ? token : null, (e) => {
    if (e.event === 'balance' || e.event === 'notification') void refresh();
  });
  if (!ready) return <Skeleton height={200} radius={16} />;
  const count = missions.data?.count ?? 0;
  return (
    <div className="missions" data-testid="mission-leaderboard">
      <Tabs
        items={[
          { id: 'missions', label: t('ms_tab_missions'), badge: count ? String(count) : undefined },
          { id: 'leaderboard', label: t('ms_tab_leaderboard') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('ms_tabs')}
        idPrefix={PANEL_PREFIX}
        controlsPanels
        variant="underline"
      />
      <TabPanel idPrefix={PANEL_PREFIX} id={tab}>
        {tab === 'missions' ? <MissionsTab t={t} /> : <LeaderboardTab t={t} />}
      </TabPanel>
    </div>
  );
}

function LoadError({ t, onRetry }: { t: MissionsT; onRetry: () => void }) {
  return (
    <p className="field__error" role="alert">
      {t('ms_error')}{' '}
      <Button size="sm" variant="ghost" onClick={onRetry}>
        {t('ms_retry')}
      </Button>
    </p>
  );
}

const useAmounts = () => {
  const money = useBrandMoney();
  const { i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  return { money: (minor: string) => formatMoney(minor, money), count: (v: string | number) => n.format(Number(v)) };
};

function MissionsTab({ t }: { t: MissionsT }) {
  const q = useMissions();
  if (q.isPending) return <Skeleton height={220} radius={16} />;
  if (q.isError) return <LoadError t={t} onRetry={() => void q.refetch()} />;
  const { list, allowed, count } = q.data;
  if (list.length === 0)
    return (
      <section className="missions__panel">
        <EmptyState icon="flame" title={t('ms_none')} description={t('ms_none_info')} compact headingLevel={3} />
      </section>
    );
  return (
    <div className="missions__list-wrap">
      <p className="missions__summary" data-testid="missions-count">
        {count ? t('ms_ready', { count }) : t('ms_ready_none')}
      </p>
      {!allowed ? (
        <p className="missions__note" role="status">
          {t('ms_paused')}
        </p>
      ) : null}
      <ul className="missions__list">
        {list.map((m) => (
          <MissionCard key={m.id} m={m} t={t} allowed={allowed} />
        ))}
      </ul>
    </div>
  );
}

function MissionCard({ m, t, allowed }: { m: MemberMission; t: MissionsT; allowed: boolean }) {
  const { t: tg } = useTranslation();
  const time = useBrandTime();
  const a = useAmounts();
  const claim = useClaimMission();
  const isMoney = MONEY_KINDS.has(m.kind);
  const show = (v: string) => (isMoney ? a.money(v) : a.count(v));
  const type = m.gameType ? tg(`game_${m.gameType}`) : null;
  const goal =
    m.kind === 'deposit'
      ? t('ms_kind_deposit', { amount: show(m.target) })
      : m.kind === 'turnover'
        ? type
          ? t('ms_kind_turnover_type', { amount: show(m.target), type })
          : t('ms_kind_turnover', { amount: show(m.target) })
        : m.kind === 'rounds'
          ? type
            ? t('ms_kind_rounds_type', { n: show(m.target), type })
            : t('ms_kind_rounds', { n: show(m.target) })
          : m.kind === 'login_days'
            ? t('ms_kind_login_days', { n: show(m.target) })
            : t('ms_kind_invite', { n: show(m.target) });
  const reward =
    m.rewardKind === 'points'
      ? t('ms_reward_points', { n: a.count(m.reward) })
      : m.rewardKind === 'bonus'
        ? t('ms_reward_bonus', { amount: a.money(m.reward), times: m.wageringMultiple })
        : t('ms_reward_cash', { amount: a.money(m.reward) });
  const share = Math.min(100, Math.round((Number(m.progress) / Number(m.target)) * 100));
  return (
    <li
      className={`mission-card mission-card--${m.status}`}
      data-testid="mission"
      data-id={m.id}
      data-kind={m.kind}
      data-status={m.status}
    >
      <div className="mission-card__head">
        <span className="mission-card__icon" aria-hidden="true">
          <Icon name={m.status === 'claimed' ? 'check' : 'flame'} size={20} />
        </span>
        <h3 className="mission-card__title">{m.title}</h3>
        <span className="mission-card__period">{t(`ms_period_${m.period}`)}</span>
      </div>
      <p className="mission-card__goal">{goal}</p>
      <div className="mission-card__progress">
        <div
          className="mission-card__bar"
          role="progressbar"
          aria-label={goal}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
        >
          <span style={{ width: `${share}%` }} />
        </div>
        <span className="mission-card__numbers" data-testid="mission-progress">
          {t('ms_progress', { progress: show(m.progress), target: show(m.target) })}
        </span>
      </div>
      <div className="mission-card__foot">
        <div>
          <p className="mission-card__reward" data-testid="mission-reward">
            {reward}
          </p>
          <p className="mission-card__meta">
            {m.periodEndsAt
              ? t(m.period === 'once' ? 'ms_ends' : 'ms_resets', { time: time.local(m.periodEndsAt, 'minutes') })
              : t('ms_no_end')}
          </p>
        </div>
        {m.status === 'claimed' ? (
          <span className="mission-card__done" data-testid="mission-claimed">
            <Icon name="check" size={16} /> {t('ms_claimed')}
          </span>
        ) : (
          <Button
            size="sm"
            disabled={m.status !== 'claimable' || !allowed}
            loading={claim.isPending}
            data-testid="mission-claim"
            onClick={() =>
              claim.mutate(m.id, {
                onSuccess: () =>
                  showToast(
                    m.rewardKind === 'points'
                      ? t('ms_paid_points', { n: a.count(m.reward) })
                      : t('ms_paid_cash', { amount: a.money(m.reward) }),
                    'success',
                  ),
                onError: (err) =>
                  showToast(
                    err.code === 'MISSION_CLAIMED'
                      ? t('ms_err_claimed')
                      : err.code === 'MISSION_NOT_COMPLETE'
                        ? t('ms_err_not_complete')
                        : err.message || t('ms_error'),
                    'error',
                  ),
              })
            }
          >
            {m.status === 'claimable' ? t('ms_claim') : t('ms_in_progress')}
          </Button>
        )}
      </div>
    </li>
  );
}

function LeaderboardTab({ t }: { t: MissionsT }) {
  const q = useLeaderboards();
  if (q.isPending) return <Skeleton height={260} radius={16} />;
  if (q.isError) return <LoadError t={t} onRetry={() => void q.refetch()} />;
  if (q.data.list.length === 0)
    return (
      <section className="missions__panel">
        <EmptyState
          icon="trophy"
          title={t('lb_none')}
          description={t('lb_none_info')}
          compact
          headingLevel={3}
          action={
            <Link to="/promotions" className={buttonClass('secondary', 'sm')}>
              {t('lb_see_promotions')}
            </Link>
          }
        />
      </section>
    );
  return (
    <div className="missions__boards">
      {q.data.list.map((b) => (
        <Board key={b.id} b={b} t={t} />
      ))}
    </div>
  );
}

function Board({ b, t }: { b: MemberLeaderboard; t: MissionsT }) {
  const { t: tg } = useTranslation();
  const time = useBrandTime();
  const a = useAmounts();
  const valueLabel = b.metric === 'wins' ? t('lb_value_wins') : t('lb_value_turnover');
  const meShown = b.standings.some((s) => s.me);
  return (
    <section className="missions__panel board" data-testid="leaderboard" aria-labelledby={`board-${b.id}`}>
      <div className="board__head">
        <span className="mission-card__icon" aria-hidden="true">
          <Icon name="trophy" size={20} />
        </span>
        <div>
          <h3 id={`board-${b.id}`} className="board__title">
            {b.title}
          </h3>
          <p className="mission-card__meta">
            {b.metric === 'wins' ? t('lb_metric_wins') : t('lb_metric_turnover')}
            {b.gameType ? ` · ${tg(`game_${b.gameType}`)}` : ''} · {t(`lb_period_${b.period}`)} ·{' '}
            {t('lb_ends', { time: time.local(b.endsAt, 'minutes') })}
          </p>
        </div>
      </div>
      <ol className="board__prizes" aria-label={t('lb_prizes')}>
        {b.prizes.map((p, i) => (
          <li key={i} className={`board__prize board__prize--${Math.min(i + 1, 4)}`}>
            <span>#{i + 1}</span> {a.money(p)}
          </li>
        ))}
      </ol>
      <p className="board__me" data-testid="leaderboard-me">
        {b.me ? t('lb_my_place', { rank: b.me.rank, value: a.money(b.me.value) }) : t('lb_not_ranked')}
      </p>
      {b.standings.length === 0 ? (
        <p className="missions__empty">{t('lb_empty')}</p>
      ) : (
        <table className="board__table" data-testid="leaderboard-standings">
          <thead>
            <tr>
              <th scope="col">{t('lb_rank')}</th>
              <th scope="col">{t('lb_player')}</th>
              <th scope="col" className="board__num">
                {valueLabel}
              </th>
              <th scope="col" className="board__num">
                {t('lb_prize')}
              </th>
            </tr>
          </thead>
          <tbody>
            {b.standings.map((s) => (
              <StandingRow key={s.rank} s={s} t={t} money={a.money} />
            ))}
            {b.me && !meShown ? <StandingRow s={b.me} t={t} money={a.money} /> : null}
          </tbody>
        </table>
      )}
      {b.last.length ? (
        <div className="board__last">
          <h4 className="board__subtitle">{t('lb_last')}</h4>
          <ul className="board__winners">
            {b.last.map((s) => (
              <li key={s.rank}>
                #{s.rank} {s.me ? t('lb_you') : s.account} · {a.money(s.prize)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function StandingRow({ s, t, money }: { s: Standing; t: MissionsT; money: (v: string) => string }) {
  return (
    <tr className={s.me ? 'board__row board__row--me' : 'board__row'} data-testid="leaderboard-row" data-me={s.me}>
      <td>
        <span className={`board__rank board__rank--${Math.min(s.rank, 4)}`}>{s.rank}</span>
      </td>
      <td>{s.me ? `${s.account} (${t('lb_you')})` : s.account}</td>
      <td className="board__num">{money(s.value)}</td>
      <td className="board__num">{s.prize === '0' ? '—' : money(s.prize)}</td>
    </tr>
  );
}
