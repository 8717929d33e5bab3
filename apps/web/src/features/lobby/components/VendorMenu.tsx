import type { VendorEntry } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { ALL } from '../hooks/gameListState.ts';

/** The vendor menu of a game list: All, then each vendor with its logo. */
export function VendorMenu({
  vendors,
  value,
  onChange,
}: {
  vendors: readonly VendorEntry[];
  value: string;
  onChange: (vassalage: string) => void;
}) {
  const { t } = useTranslation();
  const items = [{ vassalage: ALL, displayName: t('all_vendors'), iconUrl: '' }, ...vendors];
  return (
    <nav className="vendor-menu" aria-label={t('vendors')} data-testid="vendor-menu">
      <ul className="vendor-menu__list">
        {items.map((v) => (
          <li key={v.vassalage}>
            <button
              type="button"
              className={`vendor-chip${v.vassalage === value ? ' vendor-chip--active' : ''}`}
              aria-pressed={v.vassalage === value}
              onClick={() => onChange(v.vassalage)}
              data-vassalage={v.vassalage}
            >
              {v.iconUrl ? (
                <img src={v.iconUrl} alt="" width={40} height={16} loading="lazy" className="vendor-chip__logo" />
              ) : null}
              {v.displayName}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
