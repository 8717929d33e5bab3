import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Skeleton } from '../../../components/ui/index.ts';
import { i18n, loadLanguage } from '../../../i18n/index.ts';
import type { PromotionPreviewProps } from '../../../lib/promotionPreview.ts';
import { usePromotionsText } from '../hooks/usePromotionsText.ts';
import { PromotionCard, PromotionDetail } from '../PromotionsPage.tsx';
import { useNow } from './parts.tsx';
import '../promotions.css';

/**
 * A promotion as players see it, for the console's desk (decision 089): the card of /promotions and
 * the detail at #id, in the given language (an i18next clone sharing the app's tables, so the
 * console's own language is untouched), as a visitor sees them. Not interactive: a picture.
 */
export function PromotionPreview({ promotion, language }: PromotionPreviewProps) {
  const [instance] = useState(() => i18n.cloneInstance({ lng: language }));
  const [readyFor, setReadyFor] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadLanguage(language)
      .then(() => instance.changeLanguage(language))
      .finally(() => live && setReadyFor(language));
    return () => {
      live = false;
    };
  }, [instance, language]);
  return (
    <I18nextProvider i18n={instance}>
      {readyFor === language ? <Views promotion={promotion} /> : <Skeleton height={200} radius={16} />}
    </I18nextProvider>
  );
}

function Views({ promotion }: { promotion: PromotionPreviewProps['promotion'] }) {
  const { t, ready } = usePromotionsText();
  const now = useNow(true);
  if (!ready) return <Skeleton height={200} radius={16} />;
  return (
    <div className="promotion-preview" inert data-testid="promotion-preview-views">
      <ul className="promotions__list promotion-preview__card">
        <PromotionCard p={promotion} now={now} t={t} />
      </ul>
      <div className="promotion-preview__detail">
        <h3 className="promotion-preview__title">{promotion.title}</h3>
        <PromotionDetail p={promotion} now={now} t={t} />
      </div>
    </div>
  );
}
