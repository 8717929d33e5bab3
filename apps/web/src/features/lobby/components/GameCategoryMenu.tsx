import { useTranslation } from 'react-i18next';
import { Icon, Tabs } from '../../../components/ui/index.ts';
import { LOBBY_MENU, LOBBY_MENU_ICONS, gameTypeLabelKey, type LobbyMenuKey } from '../../../lib/gameTypes.ts';
import { getSession } from '../../../lib/session/index.ts';
import { openModal } from '../../../lib/ui/index.ts';

/** Lists that only exist for a member; choosing them while logged out opens the login popup. */
const NEEDS_LOGIN: ReadonlySet<LobbyMenuKey> = new Set(['FAV', 'RECENT']);

export const LOBBY_PANEL_PREFIX = 'lobby';

export interface GameCategoryMenuProps {
  value: LobbyMenuKey;
  onChange: (key: LobbyMenuKey) => void;
}

/** HOME, NEW, FAV, ALL, HOT, RECENT and the game types (spec §2 game menu). */
export function GameCategoryMenu({ value, onChange }: GameCategoryMenuProps) {
  const { t } = useTranslation();
  const items = LOBBY_MENU.map((key) => ({
    id: key,
    label: (
      <>
        <Icon name={LOBBY_MENU_ICONS[key]} size={18} />
        {t(gameTypeLabelKey(key))}
      </>
    ),
  }));

  const select = (key: LobbyMenuKey) => {
    if (NEEDS_LOGIN.has(key) && !getSession().isLoggedIn) {
      openModal('login', {});
      return;
    }
    onChange(key);
  };

  return (
    <div className="category-menu">
      <Tabs
        items={items}
        value={value}
        onChange={select}
        label={t('game_menu')}
        idPrefix={LOBBY_PANEL_PREFIX}
        controlsPanels
        className="category-menu__tabs"
      />
    </div>
  );
}
