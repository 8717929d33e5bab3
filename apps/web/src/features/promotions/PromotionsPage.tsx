import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState, PageHeader } from '../../components/ui/index.ts';
import './promotions.css';

/** /promotions (spec §2); `#id` points at one promotion, which is scrolled into view. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const promotionId = decodeURIComponent(hash.replace(/^#/, ''));
  const showsOne = /^[\w-]+$/.test(promotionId) && promotionId.toLowerCase() !== 'vip';

  useEffect(() => {
    // Runs after the layout's scroll-to-top, so the anchor wins.
    if (promotionId) document.getElementById(`promo-${promotionId}`)?.scrollIntoView({ block: 'start' });
  }, [promotionId]);

  return (
    <div className="promotions">
      <PageHeader title={t('promotions_title')} subtitle={t('promotions_intro')} icon="gift" />
      {showsOne ? (
        <p className="promotions__highlight" role="status">
          {t('promotions_highlight', { id: promotionId })}
        </p>
      ) : null}
      <EmptyState icon="gift" title={t('in_no_data')} description={t('promotions_empty')} />
    </div>
  );
}
