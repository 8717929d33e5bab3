import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/index.ts';
import { usePromotions } from '../api/promotions.ts';
import '../side.css';

/** Spec §9: the side menu lists the first 6 promotions, then "More". */
export const SIDE_PROMOTIONS = 6;

export function SidePromotions({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data } = usePromotions();
  const promotions = data ?? [];
  if (!promotions.length) return null;
  return (
    <section className="side-promotions" aria-labelledby="side-promotions-title" data-testid="side-promotions">
      <h2 id="side-promotions-title" className="side-menu__heading">
        <Icon name="gift" size={16} />
        {t('nav_promotions')}
      </h2>
      <ul className="side-promotions__list">
        {promotions.slice(0, SIDE_PROMOTIONS).map((p) => (
          <li key={p.id}>
            <Link to={`/promotions#${p.id}`} className="side-promotions__link" onClick={onNavigate}>
              {p.title}
            </Link>
          </li>
        ))}
        {promotions.length > SIDE_PROMOTIONS ? (
          <li>
            <Link
              to="/promotions"
              className="side-promotions__link side-promotions__more"
              onClick={onNavigate}
              data-testid="side-promotions-more"
            >
              {t('more')}
              <Icon name="chevronRight" size={14} />
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
