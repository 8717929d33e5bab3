import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/index.ts';
import { pageItems } from '../hooks/pagination.ts';

/** Page links (2 margin pages, range 5), shown only when there is more than one page. */
export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const items = pageItems(page, totalPages);
  if (!items.length) return null;
  return (
    <nav className="pagination" aria-label={t('pagination_label')} data-testid="pagination">
      <button
        type="button"
        className="pagination__btn"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={t('pagination_prev')}
      >
        <Icon name="chevronRight" size={16} className="pagination__prev-icon" />
      </button>
      {items.map((item) =>
        item.kind === 'gap' ? (
          <span key={item.key} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            className={`pagination__btn${item.page === page ? ' pagination__btn--current' : ''}`}
            aria-current={item.page === page ? 'page' : undefined}
            aria-label={t('pagination_page', { page: String(item.page) })}
            onClick={() => onPage(item.page)}
          >
            {item.page}
          </button>
        ),
      )}
      <button
        type="button"
        className="pagination__btn"
        onClick={() => onPage(page + 1)}
        disabled={page >= totalPages}
        aria-label={t('pagination_next')}
      >
        <Icon name="chevronRight" size={16} />
      </button>
    </nav>
  );
}
