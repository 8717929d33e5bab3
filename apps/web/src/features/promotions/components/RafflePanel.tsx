import type { PublicPromotion, RaffleDraw } from '@app/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { openModal, showToast } from '../../../lib/ui/index.ts';
import { useRaffleClaim, useRaffleDraws } from '../api/promotions.ts';
import type { PromotionsT } from '../hooks/usePromotionsText.ts';
import { shortTime } from './RewardCenterPage.tsx';

const DONE = new Set(['claimed', 'issued', 'process']);

/**
 * A red envelope or raffle drop on the promotion's detail (decision 089): the member opens the
 * envelope, the server draws the amount (spec §7's raffle promotion claim) and pays it; the
 * envelope's flap opens and a card with the amount rises out of it. Below: the member's past draws.
 */
export function RafflePanel({ p, t }: { p: PublicPromotion; t: PromotionsT }) {
  const { isLoggedIn, isTrial } = useSession();
  const member = isLoggedIn && !isTrial;
  const money = useBrandMoney();
  const { timezone } = useWhitelabel();
  const claim = useRaffleClaim();
  const draws = useRaffleDraws(p.id, member);
  const [fresh, setFresh] = useState<{ draw: RaffleDraw; balance: string } | null>(null);
  const m = (minor: string) => formatMoney(minor, money);
  const list = draws.data ?? [];
  // This period's draw: the one just made, or the one the list says is the member's current entry.
  const current = fresh?.draw ?? list.find((d) => d.entryId === p.entryId && DONE.has(d.status)) ?? null;
  const live = p.state === 'live';
  const canDraw = member && live && !current && (p.myStatus === 'join' || p.myStatus === 'claim');

  const open = () => {
    if (!member) {
      if (isTrial) openModal('trialAccount');
      else openModal('login', {});
      return;
    }
    claim.mutate(p.id, {
      onSuccess: (v) => setFresh(v),
      onError: (e) => showToast(e.code === 'ALREADY_DRAWN' ? t('dr_already') : e.message || t('pr_error'), 'error'),
    });
  };

  const state = current ? 'open' : claim.isPending ? 'opening' : 'closed';
  return (
    <section className="raffle" aria-label={t('dr_title')} data-testid="raffle">
      <div className="raffle__stage">
        <div className={`envelope envelope--${state}${fresh ? ' envelope--fresh' : ''}`} data-testid="raffle-envelope">
          <div className="envelope__back" aria-hidden="true" />
          <div className="envelope__card" data-testid="raffle-card">
            {current ? (
              <>
                <span className="envelope__card-label">{t('dr_you_drew')}</span>
                <strong className="envelope__amount" data-testid="raffle-amount">
                  {m(current.amount)}
                </strong>
              </>
            ) : null}
          </div>
          <div className="envelope__front" aria-hidden="true">
            <span className="envelope__seal">福</span>
          </div>
          <div className="envelope__flap" aria-hidden="true" />
        </div>
      </div>
      <div className="raffle__side">
        <p className="raffle__range">
          {p.randomMin === p.randomMax && p.formula !== 'random'
            ? t('dr_fixed', { amount: m(p.amount) })
            : t('dr_range', { min: m(p.randomMin), max: m(p.randomMax) })}
        </p>
        <div aria-live="polite" className="raffle__result" data-testid="raffle-result">
          {current ? (
            <>
              <p className="raffle__won">{t('dr_won', { amount: m(current.amount) })}</p>
              {fresh ? (
                <p className="raffle__balance" data-testid="raffle-balance">
                  {t('dr_balance', { balance: m(fresh.balance) })}
                </p>
              ) : null}
              {current.wageringRequired !== '0' ? (
                <p className="raffle__note">{t('dr_wagering', { amount: m(current.wageringRequired) })}</p>
              ) : null}
              <p className="raffle__note">{p.limit === 'daily' ? t('dr_tomorrow') : t('dr_once')}</p>
            </>
          ) : null}
        </div>
        {!current && (canDraw || !member) ? (
          <Button onClick={open} loading={claim.isPending} data-testid="raffle-open">
            {member ? t('dr_open') : t('pr_login')}
          </Button>
        ) : null}
        {!current && member && !canDraw ? (
          <p className="raffle__note">{live ? t('pr_closed_note') : t('pr_status_coming_soon')}</p>
        ) : null}
      </div>
      {member ? (
        <div className="raffle__history">
          <h3 className="promo-panel__title">{t('dr_history')}</h3>
          {list.length === 0 ? (
            <p className="promo-panel__empty">{t('dr_history_none')}</p>
          ) : (
            <ul className="promo-rows" data-testid="raffle-draws">
              {list.map((d) => (
                <li key={d.entryId} className="promo-row" data-testid="raffle-draw">
                  <div className="promo-row__main">
                    <p className="promo-row__title">{d.title}</p>
                    <p className="promo-row__meta">{shortTime(d.drawnAt, timezone)}</p>
                  </div>
                  <span className="promo-row__amount">{m(d.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}
