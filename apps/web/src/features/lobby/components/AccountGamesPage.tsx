import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, PageHeader, buttonClass } from '../../../components/ui/index.ts';
import '../games.css';

/** /favorite and /recent (spec §2 account game lists); both need a session. */
export function AccountGamesPage({ kind }: { kind: 'favorite' | 'recent' }) {
  const { t } = useTranslation();
  const favorite = kind === 'favorite';
  return (
    <div className="account-games">
      <PageHeader title={favorite ? t('favorites_title') : t('recent_title')} icon={favorite ? 'heart' : 'clock'} />
      <EmptyState
        icon={favorite ? 'heart' : 'clock'}
        title={t('in_no_data')}
        description={favorite ? t('favorites_empty') : t('recent_empty')}
        action={
          <Link to="/" className={buttonClass('primary')}>
            {t('hero_cta_explore')}
          </Link>
        }
      />
    </div>
  );
}
