import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: IconName;
  action?: ReactNode;
  /** Heading level of the title, to keep the page outline right (1 when it is the page's title). */
  headingLevel?: 1 | 2 | 3;
  compact?: boolean;
}

export function EmptyState({
  title,
  description,
  icon = 'sparkle',
  action,
  headingLevel = 2,
  compact,
}: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={`empty-state${compact ? ' empty-state--compact' : ''}`}>
      <span className="empty-state__icon">
        <Icon name={icon} size={compact ? 24 : 32} />
      </span>
      <Heading className="empty-state__title" data-testid={headingLevel === 1 ? 'page-title' : undefined}>
        {title}
      </Heading>
      {description ? <p className="empty-state__text">{description}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
