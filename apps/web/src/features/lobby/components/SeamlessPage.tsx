import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, PageHeader, buttonClass } from '../../../components/ui/index.ts';
import '../games.css';

/** /seamless: the room a launched game plays in (the game page hides the balance, spec §2). */
export function SeamlessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  return (
    <div className="seamless">
      <PageHeader
        title={t('seamless_title')}
        icon="gamepad"
        subtitle={gameCode ? t('lottery_game_code', { code: gameCode }) : undefined}
      />
      <div className="seamless__stage">
        <EmptyState
          icon="gamepad"
          title={t('seamless_info')}
          action={
            <Link to="/" className={buttonClass('primary')}>
              {t('hero_cta_explore')}
            </Link>
          }
        />
      </div>
    </div>
  );
}
