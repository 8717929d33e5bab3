import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  icon?: IconName;
  actions?: ReactNode;
}

/** The page's one h1 (data-testid="page-title"), with an optional line and actions. */
export function PageHeader({ title, subtitle, icon, actions }: PageHeaderProps) {
  return (
    <div className="page-header">
      {icon ? (
        <span className="page-header__icon" aria-hidden="true">
          <Icon name={icon} size={24} />
        </span>
      ) : null}
      <div className="page-header__text">
        <h1 className="page-header__title" data-testid="page-title">
          {title}
        </h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </div>
  );
}
