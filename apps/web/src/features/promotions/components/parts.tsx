import { DEPOSIT_TRIGGERS, type MemberPromotionStatus, type PublicPromotion } from '@app/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import type { PromotionsT } from '../hooks/usePromotionsText.ts';

const TONES: Record<MemberPromotionStatus, 'good' | 'wait' | 'act' | 'off'> = {
  join: 'act',
  claim: 'act',
  applying: 'wait',
  close: 'off',
  rejected: 'off',
  issued: 'good',
  claimed: 'good',
  process: 'wait',
  signed: 'good',
  coming_soon: 'wait',
};

/** A member's status (spec §4) as a small coloured label. */
export function StatusChip({ status, t }: { status: MemberPromotionStatus; t: PromotionsT }) {
  return (
    <span className={`promo-status promo-status--${TONES[status]}`} data-testid="promotion-status" data-status={status}>
      {t(`pr_status_${status}`)}
    </span>
  );
}

/** The clock, ticking every second while something on screen counts down. */
export const useNow = (ticking: boolean) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [ticking]);
  return now;
};

/** "2d 4h", "3h 12m", "4m 05s": the two largest units of a duration. */
export const duration = (ms: number, t: PromotionsT) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${t('pr_days', { count: d })} ${t('pr_hours', { count: h })}`;
  if (h > 0) return `${t('pr_hours', { count: h })} ${t('pr_minutes', { count: m })}`;
  return `${t('pr_minutes', { count: m })} ${t('pr_seconds', { count: sec })}`;
};

/** Counts down to the start (scheduled) or the end (live, with an end). */
export function Countdown({ p, now, t }: { p: PublicPromotion; now: number; t: PromotionsT }) {
  if (p.state === 'scheduled')
    return (
      <span className="promo-countdown" data-testid="promotion-countdown">
        {t('pr_starts_in', { time: duration(Date.parse(p.startsAt) - now, t) })}
      </span>
    );
  if (!p.endsAt) return <span className="promo-countdown promo-countdown--open">{t('pr_no_end')}</span>;
  return (
    <span className="promo-countdown" data-testid="promotion-countdown">
      {t('pr_ends_in', { time: duration(Date.parse(p.endsAt) - now, t) })}
    </span>
  );
}

/** The facts of an offer: reward, minimum deposit, wagering, limit, audience. */
export function PromotionFacts({ p, t }: { p: PublicPromotion; t: PromotionsT }) {
  const { t: tg } = useTranslation();
  const money = useBrandMoney();
  const m = (minor: string) => formatMoney(minor, money);
  if (p.trigger === 'info') return null;
  const games = p.gameTypes.length ? p.gameTypes.map((g) => tg(`game_${g}`)).join(', ') : t('pr_all_games');
  return (
    <ul className="promo-facts" data-testid="promotion-facts">
      {p.formula === 'tiers' ? (
        p.tiers.map((x) => <li key={x.from}>{t('pr_reward_tier', { from: m(x.from), amount: m(x.amount) })}</li>)
      ) : (
        <li>
          {p.formula === 'fixed'
            ? t('pr_reward_fixed', { amount: m(p.amount) })
            : p.formula === 'random'
              ? t('pr_reward_random', { min: m(p.randomMin), max: m(p.randomMax) })
              : t(p.formula === 'percent_loss' ? 'pr_reward_percent_loss' : 'pr_reward_percent', {
                  percent: p.percentBp / 100,
                  cap: m(p.cap),
                })}
        </li>
      )}
      {(DEPOSIT_TRIGGERS as readonly string[]).includes(p.trigger) && p.minDeposit !== '0' ? (
        <li>{t('pr_min_deposit', { amount: m(p.minDeposit) })}</li>
      ) : null}
      {p.trigger === 'turnover' || (p.trigger === 'loss' && p.threshold !== '0') ? (
        <li>
          {t(p.trigger === 'turnover' ? 'pr_threshold_turnover' : 'pr_threshold_loss', { amount: m(p.threshold) })}
        </li>
      ) : null}
      {p.trigger === 'app_download' ? <li>{t('pr_app_only')}</li> : null}
      <li>{p.wageringMultiple ? t('pr_wagering', { times: p.wageringMultiple, games }) : t('pr_wagering_none')}</li>
      <li>{p.limit === 'daily' ? t('pr_daily') : t('pr_once')}</li>
      {p.audience === 'new_members' ? <li>{t('pr_new_members')}</li> : null}
      {p.audience === 'vip' || p.audience === 'team' || p.audience === 'list' ? (
        <li>{t('pr_selected_members')}</li>
      ) : null}
      {p.guards.length ? <li>{t('pr_guarded')}</li> : null}
      {p.claimMode === 'application' ? <li>{t('pr_reviewed')}</li> : null}
    </ul>
  );
}

/** A progress bar of wagering. */
export function WageringBar({ achieved, required, label }: { achieved: string; required: string; label: string }) {
  const r = Number(required);
  const pct = r > 0 ? Math.min(100, Math.floor((Number(achieved) / r) * 100)) : 100;
  return (
    <div
      className="promo-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
    >
      <span className="promo-bar__fill" style={{ width: `${pct}%` }} />
    </div>
  );
}
