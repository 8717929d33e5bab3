import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, buttonClass } from '../../components/ui/index.ts';

/** Unknown paths: a friendly way back instead of a blank page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="not-found" data-testid="not-found-page">
      <EmptyState
        icon="search"
        headingLevel={1}
        title={t('not_found_title')}
        description={t('not_found_info')}
        action={
          <Link to="/" className={buttonClass('primary', 'lg')}>
            {t('back_home')}
          </Link>
        }
      />
    </div>
  );
}
