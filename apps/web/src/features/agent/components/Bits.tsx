import type { ReactNode } from 'react';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useAgentText } from '../hooks/useAgentText.ts';
import { formatDateTime, zonedParts } from '../../../lib/format/datetime.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';

/** An amount in the brand's currency; signed amounts are coloured (members' profit vs loss). */
export function Money({ value, signed }: { value: string | bigint; signed?: boolean }) {
  const money = useBrandMoney();
  const v = BigInt(value);
  const tone = signed ? (v > 0n ? ' ag-pos' : v < 0n ? ' ag-neg' : '') : '';
  return <span className={`ag-money${tone}`}>{formatMoney(v, money)}</span>;
}

/** Year first like the agent centre's periods and clock (decision 060), on the brand's clock. */
export function When({ value }: { value: string | null }) {
  const { timezone } = useWhitelabel();
  if (!value) return <span className="ag-muted">—</span>;
  return <time dateTime={value}>{formatDateTime(value, timezone).replace(/ \(.*\)$/, '')}</time>;
}

/**
 * A settlement period as a person reads it, in the brand's time zone: one day ("2026-11-25"),
 * several days ("2026-11-01 – 2026-11-30"), or a stretch within a day ("2026-11-25 13:45–14:00").
 * The period's end is exclusive.
 */
export const periodText = (startIso: string, endIso: string, timeZone: string): string => {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${startIso} – ${endIso}`;
  const a = zonedParts(start, timeZone);
  const last = zonedParts(new Date(end.getTime() - 1), timeZone);
  const b = zonedParts(end, timeZone);
  const wholeDays = a.time === '00:00:00' && b.time === '00:00:00';
  if (wholeDays) return a.date === last.date ? a.date : `${a.date} – ${last.date}`;
  const hm = (time: string) => time.slice(0, 5);
  return a.date === b.date || (b.time === '00:00:00' && a.date === last.date)
    ? `${a.date} ${hm(a.time)}–${hm(b.time)}`
    : `${a.date} ${hm(a.time)} – ${b.date} ${hm(b.time)}`;
};

export function Period({ start, end }: { start: string; end: string }) {
  const { timezone } = useWhitelabel();
  return (
    <time dateTime={`${start}/${end}`} data-testid="ag-period">
      {periodText(start, end, timezone)}
    </time>
  );
}

export function Stat({
  label,
  children,
  hint,
  testId,
}: {
  label: string;
  children: ReactNode;
  hint?: string;
  testId?: string;
}) {
  return (
    <div className="ag-stat" data-testid={testId}>
      <span className="ag-stat__label">{label}</span>
      <span className="ag-stat__value">{children}</span>
      {hint ? <span className="ag-stat__hint">{hint}</span> : null}
    </div>
  );
}

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'good' | 'warn' | 'bad' | 'info';
  children: ReactNode;
}) {
  return <span className={`ag-badge ag-badge--${tone}`}>{children}</span>;
}

export function Section({
  title,
  actions,
  children,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="ag-card" data-testid={testId}>
      <header className="ag-card__head">
        <h2 className="ag-card__title">{title}</h2>
        {actions ? <div className="ag-card__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

export function KindLabel({ kind }: { kind: string }) {
  const { t } = useAgentText();
  return <>{t(`ag_kind_${kind}` as never)}</>;
}

/** A stable id for a request the user may retry (transfers, red envelopes). */
export const newRequestId = () =>
  `r${Date.now().toString(36)}${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
