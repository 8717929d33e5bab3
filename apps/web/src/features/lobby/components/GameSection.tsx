import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/index.ts';

export interface GameSectionProps {
  id: string;
  title: string;
  icon: IconName;
  /** "See all" target. */
  to?: string | null | undefined;
  children: ReactNode;
}

/** One lobby shelf: a titled row of game tiles with a "see all" link. */
export function GameSection({ id, title, icon, to, children }: GameSectionProps) {
  const { t } = useTranslation();
  const headingId = `section-${id}`;
  return (
    <section className="game-section" aria-labelledby={headingId}>
      <div className="game-section__head">
        <h2 id={headingId} className="game-section__title">
          <span className="game-section__icon" aria-hidden="true">
            <Icon name={icon} size={18} />
          </span>
          {title}
        </h2>
        {to ? (
          <Link to={to} className="game-section__more" aria-label={`${t('see_all')}: ${title}`}>
            {t('see_all')}
            <Icon name="chevronRight" size={16} />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
