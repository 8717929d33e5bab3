import { useTranslation } from 'react-i18next';
import { formatLocal } from '../../../lib/format/datetime.ts';
import { useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { LANGUAGES, type Language } from '@app/contract';
import { Button, Checkbox, Icon, Input, Tabs } from '../../../components/ui/index.ts';
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
      <Segment
        label={t('cs_status')}
        options={statuses.map((s) => ({ value: s, label: t(`cs_status_${s}` as Parameters<ConsoleT>[0]) }))}
        value={status}
        onChange={onStatus}
        testId={(s) => `filter-${s}`}
      />
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
  focusable,
  t,
  children,
}: {
  testId: string;
  caption: string;
  /**
   * The table has no control of its own yet can be wider than the screen: its frame takes the
   * keyboard focus so it can be scrolled sideways without a mouse (named by the caption). A frame
   * whose table is wider than it, as measured, takes the focus anyway.
   */
  focusable?: boolean;
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
  // Whether the table is wider than its frame (it scrolls sideways): measured after layout and on
  // every resize of the frame or the table, as fonts, languages and screens change the widths.
  const frame = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, []);
  return (
    <div
      ref={frame}
      className="console-table-wrap"
      {...(focusable || scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
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
  savedText,
}: {
  save: { error: { message: string; fields: Record<string, string> } | null; isSuccess: boolean };
  /** The console's texts, or the desk's own word for "Saved". */
} & ({ t: ConsoleT; savedText?: string } | { t?: undefined; savedText: string })) {
  if (save.error && !Object.keys(save.error.fields).length)
    return (
      <p className="field__error" role="alert">
        {save.error.message}
      </p>
    );
  return save.isSuccess ? (
    <p className="console-ok" role="status">
      {savedText ?? t?.('cs_saved')}
    </p>
  ) : null;
}

/** A failed query's or save's message, read out as an alert; nothing while there is none. */
export function ErrorLine({ error }: { error: { message: string } | null | undefined }) {
  return error ? (
    <p className="field__error" role="alert">
      {error.message}
    </p>
  ) : null;
}

/** What the last action did ("Mission saved"), read out politely; nothing while empty. */
export function DoneLine({ text, testId }: { text: string | null | undefined; testId?: string }) {
  return text ? (
    <p className="console-ok" role="status" data-testid={testId}>
      {text}
    </p>
  ) : null;
}

/** A labelled list of choices for a desk form. */
export function Select<T extends string | number>({
  label,
  value,
  values,
  name,
  onChange,
  testId,
  disabled,
  hideLabel,
}: {
  label: string;
  value: T;
  values: readonly T[];
  name: (v: T) => string;
  onChange: (v: T) => void;
  testId: string;
  disabled?: boolean;
  /** The label is for screen readers only (a table's column says it). */
  hideLabel?: boolean;
}) {
  return (
    <label className="field">
      <span className={hideLabel ? 'visually-hidden' : 'field__label'}>{label}</span>
      <select
        className="console-select"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange((typeof value === 'number' ? Number(e.target.value) : e.target.value) as T)}
        data-testid={testId}
      >
        {values.map((v) => (
          <option key={v} value={v}>
            {name(v)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One text per brand language, as a form edits it: every language present, blank when unset. */
export type LanguageTexts = Record<Language, string>;
export const languageTexts = (t?: Partial<Record<Language, string>> | Record<string, string>): LanguageTexts =>
  Object.fromEntries(
    LANGUAGES.map((l) => [l, (t as Partial<Record<Language, string>> | undefined)?.[l] ?? '']),
  ) as LanguageTexts;
/** The languages an operator filled, trimmed (what a request's localized text takes). */
export const filledTexts = (t: LanguageTexts) =>
  Object.fromEntries(LANGUAGES.filter((l) => t[l].trim()).map((l) => [l, t[l].trim()]));
/** The text to name a row by: Portuguese, else English, else any. */
export const textOf = (t: Partial<Record<Language, string>> | Record<string, string>, fallback = '') => {
  const v = t as Partial<Record<Language, string>>;
  return v.PT ?? v.EN ?? Object.values(v)[0] ?? fallback;
};

/** An ISO time as the value of a datetime-local field (the operator's own time zone). */
export const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The language tabs above a form's texts in every brand language. */
export function LanguageTabs({
  value,
  onChange,
  t,
  filled,
}: {
  value: Language;
  onChange: (l: Language) => void;
  t: ConsoleT;
  /** Languages that have text: their tab is marked. */
  filled?: (l: Language) => boolean;
}) {
  return (
    <Tabs<Language>
      label={t('cs_pr_language')}
      value={value}
      onChange={onChange}
      items={LANGUAGES.map((l) => ({ id: l, label: filled?.(l) ? `${l} ✓` : l }))}
    />
  );
}

/**
 * An image address as the player's page loads it: a relative artwork path lives on the brand's
 * image CDN (the server's imageUrl rule), a site path or an https address is itself.
 */
export const siteImageSrc = (url: string, cdns: readonly string[]) =>
  !url || /^(https?:)?\/\//.test(url) || url.startsWith('/') || url.startsWith('data:')
    ? url
    : `${(cdns[0] ?? '/cdn').replace(/\/$/, '')}/${url}`;

/** A row of buttons of which one is pressed: a status filter, a period, a preset. */
export function Segment<V>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (v: V) => void;
  testId?: (v: V) => string;
}) {
  return (
    <div className="console-segment" role="group" aria-label={label}>
      {options.map((o, i) => (
        <Button
          key={i}
          size="sm"
          variant={o.value === value ? 'primary' : 'secondary'}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          data-testid={testId?.(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </div>
  );
}

/** A set of checkboxes under a legend: which of `values` are chosen, handed back as a new set. */
export function CheckSet<V extends string>({
  legend,
  values,
  chosen,
  onChange,
  name,
  testId,
}: {
  legend: string;
  values: readonly V[];
  chosen: ReadonlySet<V>;
  onChange: (next: Set<V>) => void;
  name: (v: V) => string;
  testId?: (v: V) => string;
}) {
  return (
    <fieldset className="console-checks">
      <legend className="field__label">{legend}</legend>
      {values.map((v) => (
        <Checkbox
          key={v}
          label={name(v)}
          checked={chosen.has(v)}
          onChange={(e) => {
            const next = new Set(chosen);
            if (e.target.checked) next.add(v);
            else next.delete(v);
            onChange(next);
          }}
          data-testid={testId?.(v)}
        />
      ))}
    </fieldset>
  );
}
