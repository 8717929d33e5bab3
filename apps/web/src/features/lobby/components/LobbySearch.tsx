import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/index.ts';

const DEBOUNCE_MS = 300;

/**
 * The game-name search box. It reports the trimmed text after a short pause; the caller decides
 * what searching means (the home page switches to SEARCH, a list view filters by name).
 */
export interface LobbySearchProps {
  value: string;
  onSearch: (text: string) => void;
  id?: string;
  /**
   * Changes whenever the owner cleared the search on its own (a filter, vendor or classify
   * change): text typed but not yet sent is dropped then, so it cannot land after the change.
   */
  resetKey?: string;
}

export function LobbySearch({ value, onSearch, id = 'lobby-search', resetKey = '' }: LobbySearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(`${resetKey}\u0000${value}`);
  if (`${resetKey}\u0000${value}` !== synced) {
    // The search was changed from outside: follow it.
    setSynced(`${resetKey}\u0000${value}`);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = window.setTimeout(() => onSearch(text.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <form
      className="lobby-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('search_games')}
      </label>
      <Icon name="search" size={18} className="lobby-search__icon" aria-hidden="true" />
      <input
        id={id}
        className="lobby-search__input"
        type="search"
        value={text}
        maxLength={50}
        placeholder={t('search_games_placeholder')}
        onChange={(e) => setText(e.target.value)}
        data-testid="game-search"
        autoComplete="off"
      />
      {text ? (
        <button
          type="button"
          className="lobby-search__clear"
          aria-label={t('search_clear')}
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          <Icon name="close" size={16} />
        </button>
      ) : null}
    </form>
  );
}
