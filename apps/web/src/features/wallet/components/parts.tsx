import type { ReactNode } from 'react';
import { formatLocal } from '../../../lib/format/datetime.ts';
import { Button, Icon, type IconName } from '../../../components/ui/index.ts';
import type { WalletT } from '../hooks/useWalletText.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';

/** An amount with its sign coloured (credits green, debits red) when `signed`. */
export function Money({ minor, signed = false, testId }: { minor: string; signed?: boolean; testId?: string }) {
  const money = useBrandMoney();
  const tone = !signed ? '' : minor.startsWith('-') ? ' wallet-money--out' : minor === '0' ? '' : ' wallet-money--in';
  return (
    <span className={`wallet-money${tone}`} data-testid={testId}>
      {signed && !minor.startsWith('-') && minor !== '0' ? '+' : ''}
      {formatMoney(minor, money)}
    </span>
  );
}

export function Card({
  title,
  icon,
  actions,
  children,
  className = '',
  testId,
}: {
  title?: ReactNode;
  icon?: IconName;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={`wallet-card ${className}`} data-testid={testId}>
      {title ? (
        <header className="wallet-card__head">
          <h3 className="wallet-card__title">
            {icon ? <Icon name={icon} size={18} /> : null}
            {title}
          </h3>
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}

export function Stat({
  label,
  children,
  tone,
  wide = false,
}: {
  label: ReactNode;
  children: ReactNode;
  tone?: 'good' | 'bad';
  /** Takes a whole row on a phone (a value with two amounts). */
  wide?: boolean;
}) {
  return (
    <div className={`wallet-stat${tone ? ` wallet-stat--${tone}` : ''}${wide ? ' wallet-stat--wide' : ''}`}>
      <span className="wallet-stat__label">{label}</span>
      <span className="wallet-stat__value">{children}</span>
    </div>
  );
}

const TONES: Record<string, 'good' | 'bad' | 'wait' | 'info'> = {
  credited: 'good',
  completed: 'good',
  received: 'good',
  auto_received: 'good',
  approved: 'info',
  paid: 'info',
  pending: 'wait',
  open: 'wait',
  rejected: 'bad',
  failed: 'bad',
  not_received: 'bad',
  partly_received: 'wait',
};

export function StatusBadge({ status, t }: { status: string; t: WalletT }) {
  return (
    <span className={`wallet-badge wallet-badge--${TONES[status] ?? 'info'}`} data-status={status}>
      {t(`wl_status_${status}` as Parameters<WalletT>[0])}
    </span>
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
  t: WalletT;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="wallet-pager" aria-label={t('wl_pages')}>
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('wl_prev')}
      >
        <Icon name="chevronRight" size={16} className="wallet-pager__back" />
      </Button>
      <span className="wallet-pager__label">{t('wl_page_of', { page, pages: totalPages })}</span>
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label={t('wl_next')}
      >
        <Icon name="chevronRight" size={16} />
      </Button>
    </nav>
  );
}

export function Loading({ t }: { t: WalletT }) {
  return (
    <div className="wallet-loading" role="status" aria-live="polite">
      <span className="wallet-loading__bar" />
      <span className="visually-hidden">{t('wl_loading')}</span>
    </div>
  );
}

export function ErrorNote({ message, onRetry, t }: { message: string; onRetry?: () => void; t: WalletT }) {
  return (
    <div className="wallet-note wallet-note--error" role="alert">
      <Icon name="alert" size={18} />
      <span>{message}</span>
      {onRetry ? (
        <Button variant="ghost" size="sm" onClick={onRetry}>
          {t('wl_retry')}
        </Button>
      ) : null}
    </div>
  );
}

export function Note({
  children,
  tone = 'info',
  icon = 'info',
}: {
  children: ReactNode;
  tone?: 'info' | 'good' | 'warn';
  icon?: IconName;
}) {
  return (
    <div className={`wallet-note wallet-note--${tone}`}>
      <Icon name={icon} size={18} />
      <div>{children}</div>
    </div>
  );
}

/** "26/11/2026 18:30" (pt) on the brand's clock, as the reader's language writes it (decision 060). */
export const shortTime = (iso: string, timeZone: string, language: string) =>
  formatLocal(iso, timeZone, language, 'minutes');
