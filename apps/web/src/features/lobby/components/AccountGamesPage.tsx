import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/index.ts';
import { GameListView } from './GameListView.tsx';
import '../games.css';
import '../lobby-home.css';

/** /favorite and /recent (spec §2 account game lists): the game list view on that filter, every type. */
export function AccountGamesPage({ kind }: { kind: 'favorite' | 'recent' }) {
  const { t } = useTranslation();
  const favorite = kind === 'favorite';
  return (
    <div className="account-games">
      <PageHeader
        title={favorite ? t('favorites_title') : t('recent_title')}
        icon={favorite ? 'heart' : 'clock'}
        subtitle={favorite ? t('favorites_empty') : t('recent_empty')}
      />
      <GameListView gameType="ALL" initialFilter={favorite ? 'FAV' : 'RECENT'} />
    </div>
  );
}
