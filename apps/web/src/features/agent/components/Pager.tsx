import { Button, Icon } from '../../../components/ui/index.ts';
import { useAgentText } from '../hooks/useAgentText.ts';

/** Previous / next with the page count; hidden when everything fits on one page. */
export function Pager({
  page,
  totalPages,
  total,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  onPage: (p: number) => void;
}) {
  const { t } = useAgentText();
  if (totalPages <= 1) return total ? <p className="ag-pager__count">{t('ag_rows', { count: total })}</p> : null;
  return (
    <nav className="ag-pager" aria-label={t('ag_pages')}>
      <Button
        variant="ghost"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('ag_prev')}
        data-testid="ag-prev"
      >
        <Icon name="chevronLeft" size={16} />
      </Button>
      <span className="ag-pager__label" aria-live="polite">
        {t('ag_page_of', { page, pages: totalPages })} · {t('ag_rows', { count: total })}
      </span>
      <Button
        variant="ghost"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label={t('ag_next')}
        data-testid="ag-next"
      >
        <Icon name="chevronRight" size={16} />
      </Button>
    </nav>
  );
}
