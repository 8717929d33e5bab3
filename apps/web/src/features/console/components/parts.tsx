import { useTranslation } from 'react-i18next';
import { formatLocal } from '../../../lib/format/datetime.ts';
import type { ReactNode, Ref } from 'react';
import { Button, Icon, Input } from '../../../components/ui/index.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';

/** A moment on the brand's clock, as the operator's language writes it ("26/11/2026 18:30" in pt). */
export function Time({ iso, timeZone }: { iso: string | null; timeZone: string }) {
  const { i18n } = useTranslation();
  if (!iso) return <>—</>;
  return <time dateTime={iso}>{formatLocal(iso, timeZone, i18n.language, 'minutes')}</time>;
}

export function Status({ value, t }: { value: string; t: ConsoleT }) {
  return (
    <span className={`console-status console-status--${value}`} data-status={value}>
      {t(`cs_status_${value}` as Parameters<ConsoleT>[0])}
    </span>
  );
}

export function Filters<S extends string>({
  statuses,
  status,
  onStatus,
  username,
  onUsername,
  t,
}: {
  statuses: readonly S[];
  status: S;
  onStatus: (s: S) => void;
  username: string;
  onUsername: (u: string) => void;
  t: ConsoleT;
}) {
  return (
    <div className="console-filters">
      <div className="console-segment" role="group" aria-label={t('cs_status')}>
        {statuses.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === status ? 'primary' : 'secondary'}
            aria-pressed={s === status}
            onClick={() => onStatus(s)}
            data-testid={`filter-${s}`}
          >
            {t(`cs_status_${s}` as Parameters<ConsoleT>[0])}
          </Button>
        ))}
      </div>
      <form
        className="console-search"
        onSubmit={(e) => {
          e.preventDefault();
          onUsername(String(new FormData(e.currentTarget).get('username') ?? '').trim());
        }}
      >
        <Input
          name="username"
          label={t('cs_member')}
          hideLabel
          placeholder={t('cs_search_member')}
          defaultValue={username}
          icon="search"
        />
      </form>
    </div>
  );
}

export function Pager({
  page,
  totalPages,
  onPage,
  t,
}: {
  page: number;
  totalPages: number;
  onPage: (p: number) => void;
  t: ConsoleT;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="console-pager" aria-label={t('cs_pages')}>
      <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('cs_prev')}>
        <Icon name="chevronLeft" size={16} />
      </Button>
      <span>{t('cs_page_of', { page, pages: totalPages })}</span>
      <Button
        size="sm"
        variant="ghost"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label={t('cs_next')}
      >
        <Icon name="chevronRight" size={16} />
      </Button>
    </nav>
  );
}

/**
 * A desk's table: caption for screen readers, the column heads, the rows, and "nothing" (or the
 * desk's own words) when empty. A compact table has few columns and fits a phone without scrolling.
 */
export function DeskTable({
  testId,
  caption,
  columns,
  empty,
  emptyText,
  compact,
  busy,
  t,
  children,
}: {
  testId: string;
  caption: string;
  /** In a compact table, columns fit their content and the `wide` ones take the rest. */
  columns: { label: string; numeric?: boolean; wide?: boolean }[];
  empty: boolean;
  emptyText?: string;
  compact?: boolean;
  /** The rows are being replaced (another page, a refresh). */
  busy?: boolean;
  t: ConsoleT;
  children: ReactNode;
}) {
  return (
    <div className="console-table-wrap">
      <table
        className={`console-table${compact ? ' console-table--compact' : ''}`}
        data-testid={testId}
        aria-busy={busy || undefined}
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={
                  [c.numeric ? 'console-num' : '', compact && !c.wide ? 'console-fit' : ''].join(' ').trim() ||
                  undefined
                }
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty ? <p className="console-empty">{emptyText ?? t('cs_nothing')}</p> : null}
    </div>
  );
}

/** A desk's card, named by its heading: the title (text, or text with a state beside it), a hint under it, its content. */
export function DeskCard({
  id,
  title,
  hint,
  testId,
  ref,
  children,
}: {
  id: string;
  title: ReactNode;
  hint?: string;
  testId?: string;
  ref?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  return (
    <section ref={ref} className="console-card" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`} className="console-card__title">
        {title}
      </h2>
      {hint ? <p className="console-muted console-card__hint">{hint}</p> : null}
      {children}
    </section>
  );
}

/** A desk form's outcome under its fields: the server's message when no field carries it, or "Saved". */
export function SaveOutcome({
  save,
  t,
}: {
  save: { error: { message: string; fields: Record<string, string> } | null; isSuccess: boolean };
  t: ConsoleT;
}) {
  if (save.error && !Object.keys(save.error.fields).length)
    return (
      <p className="field__error" role="alert">
        {save.error.message}
      </p>
    );
  return save.isSuccess ? (
    <p className="console-ok" role="status">
      {t('cs_saved')}
    </p>
  ) : null;
}
