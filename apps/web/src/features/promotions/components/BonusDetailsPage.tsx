import type { PromotionEntry } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, EmptyState, Modal, Skeleton, buttonClass } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useBonuses, useForfeit } from '../api/promotions.ts';
import { usePromotionsText } from '../hooks/usePromotionsText.ts';
import { StatusChip, WageringBar } from './parts.tsx';
import { shortTime } from './RewardCenterPage.tsx';
import '../promotions.css';

/** bonusDetails (spec §2): every bonus paid, with its wagering progress and state. */
export function BonusDetailsPage() {
  const { t: tg } = useTranslation();
  const { t, ready } = usePromotionsText();
  const q = useBonuses();
  const forfeit = useForfeit();
  const money = useBrandMoney();
  const { timezone } = useWhitelabel();
  const [giveUp, setGiveUp] = useState<PromotionEntry | null>(null);
  const m = (minor: string) => formatMoney(minor, money);
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
  const list = q.data.list;
  return (
    <div className="promo-page" data-testid="bonus-details">
      <section className="promo-panel" aria-labelledby="bd-bonuses">
        <h3 id="bd-bonuses" className="promo-panel__title">
          {t('bd_bonuses')}
        </h3>
        {list.some((b) => b.status === 'process') ? <p className="promo-panel__note">{t('bd_lock_note')}</p> : null}
        {list.length === 0 ? (
          <EmptyState
            icon="gift"
            title={t('bd_none')}
            description={t('bd_none_info')}
            compact
            headingLevel={3}
            action={
              <Link to="/promotions" className={buttonClass('secondary', 'sm')}>
                {t('rc_see_promotions')}
              </Link>
            }
          />
        ) : (
          <ul className="promo-bonuses">
            {list.map((b) => {
              const w = b.wagering;
              const games = w.gameTypes.length ? w.gameTypes.map((g) => tg(`game_${g}`)).join(', ') : t('pr_all_games');
              return (
                <li key={b.id} className="promo-bonus" data-testid="bonus-item" data-status={b.status}>
                  <div className="promo-bonus__head">
                    <p className="promo-row__title">{b.title}</p>
                    <span className="promo-row__amount">{m(b.amount)}</span>
                    <StatusChip status={b.status} t={t} />
                  </div>
                  {b.paidAt ? (
                    <p className="promo-row__meta">{t('bd_paid', { time: shortTime(b.paidAt, timezone) })}</p>
                  ) : null}
                  {w.required === '0' ? (
                    <p className="promo-row__meta">{t('bd_no_wagering')}</p>
                  ) : (
                    <>
                      <WageringBar
                        achieved={w.achieved}
                        required={w.required}
                        label={t('bd_progress', { achieved: m(w.achieved), required: m(w.required) })}
                      />
                      <p className="promo-bonus__progress" data-testid="bonus-progress">
                        {t('bd_progress', { achieved: m(w.achieved), required: m(w.required) })}
                        {' · '}
                        {w.met ? t('bd_met') : t('bd_remaining', { amount: m(w.remaining) })}
                      </p>
                      <p className="promo-row__meta">{t('bd_counts', { games })}</p>
                    </>
                  )}
                  {b.status === 'process' ? (
                    <Button size="sm" variant="ghost" onClick={() => setGiveUp(b)} data-testid="bonus-forfeit">
                      {t('bd_forfeit')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {giveUp ? (
        <Modal
          open
          onClose={() => setGiveUp(null)}
          title={t('bd_forfeit_title')}
          testId="bonus-forfeit-dialog"
          footer={
            <>
              <Button variant="secondary" onClick={() => setGiveUp(null)}>
                {t('bd_keep')}
              </Button>
              <Button
                variant="danger"
                loading={forfeit.isPending}
                onClick={() =>
                  forfeit.mutate(giveUp.id, {
                    onSuccess: () => {
                      showToast(t('bd_forfeited', { amount: m(giveUp.amount) }), 'info');
                      setGiveUp(null);
                    },
                    onError: (err) => showToast(err.message || t('pr_error'), 'error'),
                  })
                }
                data-testid="bonus-forfeit-confirm"
              >
                {t('bd_forfeit_yes')}
              </Button>
            </>
          }
        >
          <p>{t('bd_forfeit_text', { amount: m(giveUp.amount) })}</p>
        </Modal>
      ) : null}
    </div>
  );
}
