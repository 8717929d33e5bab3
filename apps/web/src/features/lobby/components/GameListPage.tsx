import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { GameFilter, GameType } from '@app/contract';
import { EmptyState, Input, PageHeader, Tabs } from '../../../components/ui/index.ts';
import { gameTypeEntry, gameTypeLabelKey } from '../../../lib/gameTypes.ts';
import { getSession } from '../../../lib/session/index.ts';
import { openModal } from '../../../lib/ui/index.ts';
import '../games.css';

const FILTERS: readonly GameFilter[] = ['ALL', 'HOT', 'FAV', 'RECENT'];
const NEEDS_LOGIN: ReadonlySet<GameFilter> = new Set(['FAV', 'RECENT']);
const ALL_VENDORS = 'ALL';

/**
 * Game list by type (spec §2 "Game list view"): filter tabs, vendor menu, name search and the
 * list with its no-data state. `/rng?vassalage=X` opens with that vendor selected.
 */
export function GameListPage({ gameType }: { gameType: GameType }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<GameFilter>('ALL');
  const [search, setSearch] = useState('');
  const vendor = params.get('vassalage') || ALL_VENDORS;
  const entry = gameTypeEntry(gameType);
  const typeLabel = t(gameTypeLabelKey(gameType));

  const chooseFilter = (next: GameFilter) => {
    if (NEEDS_LOGIN.has(next) && !getSession().isLoggedIn) {
      openModal('login', {});
      return;
    }
    // Spec §4: changing the filter clears the search; All also resets the vendor.
    setFilter(next);
    setSearch('');
    if (next === 'ALL' && vendor !== ALL_VENDORS) chooseVendor(ALL_VENDORS);
  };

  const chooseVendor = (next: string) => {
    const copy = new URLSearchParams(params);
    if (next === ALL_VENDORS) copy.delete('vassalage');
    else copy.set('vassalage', next);
    setSearch('');
    setParams(copy, { replace: true, preventScrollReset: true });
  };

  const vendors = vendor === ALL_VENDORS ? [ALL_VENDORS] : [ALL_VENDORS, vendor];

  return (
    <div className="game-list-page">
      <PageHeader title={typeLabel} icon={entry?.icon ?? 'grid'} subtitle={t('game_list_title', { type: typeLabel })} />
      <div className="game-list-page__toolbar">
        <Tabs items={FILTERS.map((id) => ({ id, label: t(gameTypeLabelKey(id)) }))} value={filter} onChange={chooseFilter} label={t('filter_label')} />
        <Input
          label={t('search_games')}
          hideLabel
          icon="search"
          type="search"
          value={search}
          placeholder={t('search_games_placeholder')}
          onChange={(event) => setSearch(event.target.value)}
          className="game-list-page__search"
          maxLength={60}
        />
      </div>
      <nav className="vendor-menu" aria-label={t('vendors')}>
        <ul className="vendor-menu__list">
          {vendors.map((v) => (
            <li key={v}>
              <button
                type="button"
                className={`vendor-chip${v === vendor ? ' vendor-chip--active' : ''}`}
                aria-pressed={v === vendor}
                onClick={() => chooseVendor(v)}
              >
                {v === ALL_VENDORS ? t('all_vendors') : v}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="game-list-page__results" aria-label={typeLabel}>
        <EmptyState
          icon={entry?.icon ?? 'grid'}
          title={t('in_no_data')}
          description={vendor !== ALL_VENDORS ? t('vendor_selected', { vendor }) : t('section_empty')}
        />
      </section>
    </div>
  );
}
