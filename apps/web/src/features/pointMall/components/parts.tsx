import type { PointsRedeem } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui/index.ts';
import { toContractLanguage, isAppLanguage } from '../../../i18n/languages.ts';
import { isApiError } from '../../../lib/api/index.ts';
import type { PointsT } from '../hooks/usePointsText.ts';
import type { PointsTextKey } from '../i18n/en.ts';

/** An item's name in the reader's language, else Portuguese, else the first one given. */
export const useItemName = () => {
  const { i18n } = useTranslation();
  const lang = toContractLanguage(isAppLanguage(i18n.language) ? i18n.language : 'pt');
  return (name: Record<string, string>) => name[lang] ?? name.PT ?? Object.values(name)[0] ?? '';
};

/** A refusal in the reader's words (the server's codes), else the general message. */
export const errorText = (t: PointsT, err: unknown) => {
  const key = `pm_err_${isApiError(err) ? err.code : ''}` as PointsTextKey;
  return isApiError(err) && t(key) !== key ? t(key) : t('pm_error');
};

const TONES = { in_process: 'wait', approved: 'good', rejected: 'off' } as const;

/** A redeem request's status (spec §4) as a small coloured label. */
export function StatusChip({ status, t }: { status: PointsRedeem['status']; t: PointsT }) {
  return (
    <span className={`pm-status pm-status--${TONES[status]}`} data-testid="points-status" data-status={status}>
      {t(`pm_status_${status}`)}
    </span>
  );
}

/** Previous / next over a paged list. */
export function Pager({
  page,
  pages,
  onPage,
  t,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  t: PointsT;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pm-pager" aria-label={t('pm_page', { page, pages })}>
      <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('pm_prev')}>
        <Icon name="chevronLeft" size={16} />
      </Button>
      <span className="pm-pager__text">{t('pm_page', { page, pages })}</span>
      <Button
        size="sm"
        variant="ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('pm_next')}
      >
        <Icon name="chevronRight" size={16} />
      </Button>
    </nav>
  );
}

/** The load failed: say so and offer another try. */
export function LoadError({ t, onRetry }: { t: PointsT; onRetry: () => void }) {
  return (
    <p className="field__error" role="alert">
      {t('pm_error')}{' '}
      <Button size="sm" variant="ghost" onClick={onRetry}>
        {t('pm_retry')}
      </Button>
    </p>
  );
}
