import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, EmptyState, Icon, Skeleton } from '../../../components/ui/index.ts';
import type { ApiError } from '../../../lib/api/index.ts';
import { useAgentText, type AgentT } from '../hooks/useAgentText.ts';

/** The message for a failed call: our translation of its code when we have one, else the server's words. */
export const errorText = (t: AgentT, error: unknown): string => {
  const e = error as Partial<ApiError> | null;
  if (e?.code === 'NETWORK') return t('ag_err_NETWORK');
  if (e?.code) {
    const key = `ag_err_${e.code}`;
    const text = t(key as never);
    if (text !== key) return text;
  }
  return e?.message || t('ag_err_unknown');
};

/** Loading skeleton, error with retry, empty state, or the content: the four states of every report. */
export function QueryView<T>({
  query,
  isEmpty,
  empty,
  rows = 4,
  children,
}: {
  query: UseQueryResult<T, ApiError>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useAgentText();
  if (query.isPending) {
    return (
      <div className="ag-skeleton" aria-busy="true" aria-label={t('ag_loading')}>
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} height={44} />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="ag-error" role="alert" data-testid="ag-error">
        <Icon name="alert" size={24} />
        <div>
          <p className="ag-error__title">{t('ag_error_title')}</p>
          <p className="ag-error__text">{errorText(t, query.error)}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void query.refetch()}
          leadingIcon={<Icon name="refresh" size={16} />}
        >
          {t('ag_retry')}
        </Button>
      </div>
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) {
    return (
      <>
        {empty ?? (
          <EmptyState compact icon="receipt" title={t('ag_empty_title')} description={t('ag_empty')} headingLevel={3} />
        )}
      </>
    );
  }
  return <>{children(data)}</>;
}
