import type { PromotionEntry } from '@app/contract';
import { Link } from 'react-router';
import { Button, EmptyState, Skeleton, buttonClass } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useClaim, usePromotions, useRewards } from '../api/promotions.ts';
import { usePromotionsText, type PromotionsT } from '../hooks/usePromotionsText.ts';
import { StatusChip } from './parts.tsx';
import '../promotions.css';

export const shortTime = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short', timeZone: timezone }).format(
    new Date(iso),
  );

/** rewardCenter (spec §2): rewards waiting for a claim, with their Claim buttons, and the history. */
export function RewardCenterPage() {
  const { t, ready } = usePromotionsText();
  const q = useRewards();
  const claim = useClaim();
  const money = useBrandMoney();
  const { timezone } = useWhitelabel();
  if (!ready || q.isPending) return <Skeleton height={160} radius={16} />;
  if (q.isError)
    return (
      <p className="field__error" role="alert">
        {t('pr_error')}{' '}
        <Button size="sm" variant="ghost" onClick={() => void q.refetch()}>
          {t('pr_retry')}
        </Button>
      </p>
    );
  const { claimable, history } = q.data;
  return (
    <div className="promo-page" data-testid="reward-center">
      <Draws t={t} />
      <section className="promo-panel" aria-labelledby="rc-claimable">
        <h3 id="rc-claimable" className="promo-panel__title">
          {t('rc_claimable')}
        </h3>
        {claimable.length === 0 ? (
          <EmptyState
            icon="star"
            title={t('rc_none')}
            description={t('rc_none_info')}
            compact
            headingLevel={3}
            action={
              <Link to="/promotions" className={buttonClass('secondary', 'sm')}>
                {t('rc_see_promotions')}
              </Link>
            }
          />
        ) : (
          <ul className="promo-rows" data-testid="reward-claimable">
            {claimable.map((e) => (
              <li key={e.id} className="promo-row" data-testid="reward-item">
                <div className="promo-row__main">
                  <p className="promo-row__title">{e.title}</p>
                  {e.wagering.required !== '0' ? (
                    <p className="promo-row__meta">
                      {t('rc_wagering_after', { amount: formatMoney(e.wagering.required, money) })}
                    </p>
                  ) : null}
                </div>
                <span className="promo-row__amount">{formatMoney(e.amount, money)}</span>
                <Button
                  size="sm"
                  loading={claim.isPending && claim.variables === e.id}
                  onClick={() =>
                    claim.mutate(e.id, {
                      onSuccess: (done) =>
                        showToast(t('pr_paid_ok', { amount: formatMoney(done.amount, money) }), 'success'),
                      onError: (err) => showToast(err.message || t('pr_error'), 'error'),
                    })
                  }
                  data-testid="reward-claim"
                >
                  {t('pr_claim')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="promo-panel" aria-labelledby="rc-history">
        <h3 id="rc-history" className="promo-panel__title">
          {t('rc_history')}
        </h3>
        {history.length === 0 ? (
          <p className="promo-panel__empty">{t('rc_history_none')}</p>
        ) : (
          <History list={history} t={t} timezone={timezone} />
        )}
      </section>
    </div>
  );
}

function History({ list, t, timezone }: { list: PromotionEntry[]; t: PromotionsT; timezone: string }) {
  const money = useBrandMoney();
  return (
    <ul className="promo-rows" data-testid="reward-history">
      {list.map((e) => (
        <li key={e.id} className="promo-row" data-testid="reward-history-item">
          <div className="promo-row__main">
            <p className="promo-row__title">{e.title}</p>
            <p className="promo-row__meta">
              {e.paidAt
                ? t('rc_claimed_at', { time: shortTime(e.paidAt, timezone) })
                : shortTime(e.createdAt, timezone)}
            </p>
          </div>
          <span className="promo-row__amount">{formatMoney(e.amount, money)}</span>
          <StatusChip status={e.status} t={t} />
        </li>
      ))}
    </ul>
  );
}

/** Live red envelopes and raffles (decision 089): each leads to its drawing on the promotion's detail. */
function Draws({ t }: { t: PromotionsT }) {
  const promotions = usePromotions();
  const money = useBrandMoney();
  const drops = (promotions.data ?? []).filter((p) => p.trigger === 'drop' && p.state === 'live');
  if (drops.length === 0) return null;
  return (
    <section className="promo-panel" aria-labelledby="rc-draws">
      <h3 id="rc-draws" className="promo-panel__title">
        {t('rc_draws')}
      </h3>
      <ul className="promo-rows" data-testid="reward-draws">
        {drops.map((p) => {
          const open = p.myStatus === 'join' || p.myStatus === 'claim';
          return (
            <li key={p.id} className="promo-row" data-testid="reward-draw">
              <span className="promo-row__envelope" aria-hidden="true">
                福
              </span>
              <div className="promo-row__main">
                <p className="promo-row__title">{p.title}</p>
                <p className="promo-row__meta">
                  {t('dr_range', { min: formatMoney(p.randomMin, money), max: formatMoney(p.randomMax, money) })}
                </p>
              </div>
              {open ? (
                <Link
                  to={`/promotions#${p.id}`}
                  className={buttonClass('primary', 'sm')}
                  data-testid="reward-draw-open"
                >
                  {t('rc_draw_open')}
                </Link>
              ) : (
                <Link to={`/promotions#${p.id}`} className={buttonClass('secondary', 'sm')}>
                  {t('rc_draw_done')}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
