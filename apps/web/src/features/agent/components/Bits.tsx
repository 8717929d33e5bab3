import type { ReactNode } from 'react';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useAgentText } from '../hooks/useAgentText.ts';
import { formatDateTime } from '../../../lib/format/datetime.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';

/** An amount in the brand's currency; signed amounts are coloured (members' profit vs loss). */
export function Money({ value, signed }: { value: string | bigint; signed?: boolean }) {
  const money = useBrandMoney();
  const v = BigInt(value);
  const tone = signed ? (v > 0n ? ' ag-pos' : v < 0n ? ' ag-neg' : '') : '';
  return <span className={`ag-money${tone}`}>{formatMoney(v, money)}</span>;
}

export function When({ value }: { value: string | null }) {
  const { timezone } = useWhitelabel();
  if (!value) return <span className="ag-muted">—</span>;
  return <time dateTime={value}>{formatDateTime(value, timezone).replace(/ \(.*\)$/, '')}</time>;
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
