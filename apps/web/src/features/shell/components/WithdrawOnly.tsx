import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button, Icon, buttonClass } from '../../../components/ui/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { openModal } from '../../../lib/ui/index.ts';

/**
 * The member-centre pages a withdraw-only session opens: the withdrawal, the wallet's history, and
 * the security centre (a withdrawal needs the payee name and a payment password).
 */
const OPEN_PAGES = ['withdraw', 'transactionHistory', 'securityCenter'];

/**
 * A self-excluded player's withdraw-only session (issue 24): a banner says so on every page, and
 * only the withdrawal and the wallet's history show; anything else is a short note pointing there
 * (the server refuses the rest anyway).
 */
export function WithdrawOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { withdrawOnly } = useSession();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (!withdrawOnly) return <>{children}</>;
  const open = pathname === '/member' && OPEN_PAGES.includes(params.get('page') ?? '');
  return (
    <>
      <div className="withdraw-only" role="status" data-testid="withdraw-only-banner">
        <Icon name="shield" size={18} />
        <p>{t('wo_banner')}</p>
        <div className="withdraw-only__actions">
          {open ? null : (
            <Link className={buttonClass('primary', 'sm')} to="/member?page=withdraw" data-testid="withdraw-only-go">
              {t('wo_go')}
            </Link>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => openModal('confirmLogout', {})}
            data-testid="withdraw-only-logout"
          >
            {t('logout')}
          </Button>
        </div>
      </div>
      {open ? (
        children
      ) : (
        <p className="withdraw-only__note" data-testid="withdraw-only-note">
          {t('wo_note')}
        </p>
      )}
    </>
  );
}
