import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/index.ts';

/** Game-name search (spec §2): the lobby shows SEARCH results for `?q=`; text is trimmed (§5). */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    setText(q);
    void navigate(q ? `/?q=${encodeURIComponent(q)}` : '/');
  };

  return (
    <form className="header-search" role="search" aria-label={t('search_games')} onSubmit={submit}>
      <label htmlFor="header-search-input" className="visually-hidden">
        {t('search_games')}
      </label>
      <Icon name="search" size={18} className="header-search__icon" />
      <input
        id="header-search-input"
        className="header-search__input"
        type="search"
        value={text}
        placeholder={t('search_games_placeholder')}
        onChange={(event) => setText(event.target.value)}
        enterKeyHint="search"
        autoComplete="off"
        maxLength={60}
      />
      <button type="submit" className="visually-hidden">
        {t('search_games')}
      </button>
    </form>
  );
}
