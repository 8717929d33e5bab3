import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../../components/ui/index.ts';
import { GAME_TYPE_ENTRIES, gameTypeLabelKey } from '../../../lib/gameTypes.ts';
import { useVendorLanes } from '../api/vendors.ts';
import { chooseVendor } from '../startGame.ts';
import '../lobby-frame.css';

/** Spec §2: the drop menu switches to its large layout above 10 vendors. */
export const LARGE_MENU_VENDORS = 10;

/**
 * Header game categories (desktop): hovering or focusing one shows its providers' logos; a
 * provider opens its list (/rng?vassalage=) or its games popup.
 */
export function HeaderCategoryNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: lanes } = useVendorLanes();
  const [openType, setOpenType] = useState<string | null>(null);
  return (
    <nav
      className="category-nav"
      aria-label={t('game_menu')}
      data-testid="header-category-nav"
      onMouseLeave={() => setOpenType(null)}
    >
      <ul className="category-nav__list">
        {GAME_TYPE_ENTRIES.map((entry) => {
          const vendors = lanes?.find((l) => l.gameType === entry.type)?.vendors ?? [];
          const open = openType === entry.type && vendors.length > 0;
          const large = vendors.length > LARGE_MENU_VENDORS;
          return (
            <li
              key={entry.type}
              className="category-nav__item"
              onMouseEnter={() => setOpenType(entry.type)}
              onFocus={() => setOpenType(entry.type)}
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpenType(null);
              }}
              onKeyDown={(e) => e.key === 'Escape' && setOpenType(null)}
            >
              <Link
                to={entry.path ?? `/?type=${entry.type}`}
                className="category-nav__link"
                aria-expanded={vendors.length ? open : undefined}
              >
                <Icon name={entry.icon} size={16} />
                {t(gameTypeLabelKey(entry.type))}
              </Link>
              {open ? (
                <div
                  className={`category-drop${large ? ' category-drop--large' : ''}`}
                  data-testid={`category-drop-${entry.type}`}
                  data-layout={large ? 'large' : 'small'}
                >
                  <ul className="category-drop__grid">
                    {vendors.map((v) => (
                      <li key={v.vassalage}>
                        <button
                          type="button"
                          className="category-drop__vendor"
                          onClick={() => {
                            setOpenType(null);
                            chooseVendor(v, (to) => void navigate(to));
                          }}
                        >
                          <img
                            src={large ? v.iconUrl : v.lagerIcon}
                            alt=""
                            width={large ? 120 : 160}
                            height={large ? 48 : 60}
                            loading="lazy"
                          />
                          <span>{v.displayName}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
