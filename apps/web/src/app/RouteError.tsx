import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router';
import { Button, EmptyState, Icon, buttonClass } from '../components/ui/index.ts';
import { isChunkLoadError, isChunkTimeout } from '../lib/chunks.ts';
import { NotFoundPage } from './routes/NotFoundPage.tsx';

/** What a failed page says: a chunk that timed out, failed, or anything else (reload fixes it). */
function RouteErrorState() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = isChunkTimeout(error) ? t('page_load_slow') : t('chunk_load_failed');
  return (
    <div className="route-error" data-testid="route-error">
      <EmptyState
        icon="alert"
        headingLevel={1}
        title={message}
        action={
          <div className="route-error__actions">
            <Button
              leadingIcon={<Icon name="refresh" size={18} />}
              onClick={() => window.location.reload()}
              data-testid="reload-button"
            >
              {t('reload')}
            </Button>
            <Link to="/" className={buttonClass('secondary')} reloadDocument>
              {t('back_home')}
            </Link>
          </div>
        }
      />
    </div>
  );
}

/** Error boundary of player pages: shown inside the frame, so header and menus still work. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isChunkLoadError(error)) console.error(error);
  return <RouteErrorState />;
}

/**
 * Agent area (spec §2): a route change whose code fails to load is ignored; the agent stays on
 * the page they were on. Only a first load with nothing to go back to shows the reload screen.
 */
export function AgentRouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  const silent = isChunkLoadError(error) && historyIndex > 0;

  useEffect(() => {
    if (silent) void navigate(-1);
  }, [silent, navigate]);

  if (silent) return null;
  return (
    <main id="main" className="route-error route-error--standalone">
      <RouteErrorState />
    </main>
  );
}

/** Last line of defence above every layout. */
export function RootError() {
  return (
    <main id="main" className="route-error route-error--standalone">
      <RouteErrorState />
    </main>
  );
}
