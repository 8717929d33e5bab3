import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState, Icon, PageHeader, SimpleMarkup, Skeleton } from '../../components/ui/index.ts';
import { usePromotions } from './api/promotions.ts';
import './promotions.css';

/** /promotions (spec §2): the running promotions with their rules; `#id` scrolls to one and marks it. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const promotions = usePromotions();
  const promotionId = decodeURIComponent(hash.replace(/^#/, ''));
  const list = promotions.data ?? [];

  useEffect(() => {
    // Runs after the layout's scroll-to-top and once the list is in, so the anchor wins.
    if (promotionId && list.length) document.getElementById(`promo-${promotionId}`)?.scrollIntoView({ block: 'start' });
  }, [promotionId, list.length]);

  return (
    <div className="promotions">
      <PageHeader title={t('promotions_title')} subtitle={t('promotions_intro')} icon="gift" />
      {promotions.isPending ? (
        <div className="promotions__list" aria-busy="true">
          <Skeleton height={160} radius={16} />
          <Skeleton height={160} radius={16} />
        </div>
      ) : promotions.error ? (
        <p className="field__error" role="alert">
          {promotions.error.message}
        </p>
      ) : list.length === 0 ? (
        <EmptyState icon="gift" title={t('in_no_data')} description={t('promotions_none')} />
      ) : (
        <ul className="promotions__list">
          {list.map((p) => (
            <li
              key={p.id}
              id={`promo-${p.id}`}
              className={`promotion-card${String(p.id) === promotionId ? ' promotion-card--on' : ''}`}
              data-testid="promotion-card"
              aria-current={String(p.id) === promotionId ? 'true' : undefined}
            >
              <div className="promotion-card__head">
                <span className="promotion-card__icon" aria-hidden="true">
                  <Icon name="gift" size={22} />
                </span>
                <h2 className="promotion-card__title">{p.title}</h2>
                {p.promotionType ? (
                  <span className="promotion-card__type">{t(`promo_type_${p.promotionType}`)}</span>
                ) : null}
              </div>
              <div className="promotion-card__body">
                <SimpleMarkup text={p.content} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
