import type { ReactNode } from 'react';
import { BrandLogo, Icon, type IconName } from '../../../components/ui/index.ts';
import '../system.css';

export interface StatusScreenProps {
  siteName: string;
  logoUrl?: string | undefined;
  icon: IconName;
  tone?: 'primary' | 'danger';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

/** Full-page notice shown instead of the app: maintenance, region block, boot failure. */
export function StatusScreen({
  siteName,
  logoUrl,
  icon,
  tone = 'primary',
  title,
  children,
  actions,
  testId,
}: StatusScreenProps) {
  return (
    <div className="status-screen" data-testid={testId}>
      <header className="status-screen__brand">
        <BrandLogo siteName={siteName} logoUrl={logoUrl} size="md" />
      </header>
      <main className="status-screen__card" id="main">
        <div className={`status-screen__art status-screen__art--${tone}`} aria-hidden="true">
          <span className="status-screen__ring" />
          <span className="status-screen__ring status-screen__ring--outer" />
          <Icon name={icon} size={44} />
        </div>
        <h1 className="status-screen__title" data-testid="page-title">
          {title}
        </h1>
        <div className="status-screen__body">{children}</div>
        {actions ? <div className="status-screen__actions">{actions}</div> : null}
      </main>
      <footer className="status-screen__footer">
        <p>
          © {new Date().getFullYear()} {siteName}
        </p>
      </footer>
    </div>
  );
}
