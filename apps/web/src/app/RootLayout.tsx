import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { Spinner, Toaster } from '../components/ui/index.ts';
import { useMemberInfoSync } from '../features/session/index.ts';
import { SupportLive } from '../features/support/index.ts';
import { hideLoader, useLoaderVisible } from '../lib/ui/index.ts';
import { ModalHost } from './ModalHost.tsx';
import './app.css';

/** Spec §2: scroll resets when the route name changes; not for query or hash changes. */
function ScrollReset() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** A thin bar while a route's code or data loads; the page loader hides after every navigation. */
function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (!busy) hideLoader();
  }, [busy]);
  return <div className={`nav-progress${busy ? ' nav-progress--active' : ''}`} aria-hidden="true" />;
}

/** Full-screen loader that features raise around slow actions (game launch, login). */
function PageLoader() {
  const { t } = useTranslation();
  const visible = useLoaderVisible();
  if (!visible) return null;
  return (
    <div className="page-loader" data-testid="page-loader">
      <Spinner size="lg" label={t('loading')} />
    </div>
  );
}

export function RootLayout() {
  useMemberInfoSync();
  return (
    <>
      <ScrollReset />
      <NavigationProgress />
      <Outlet />
      <ModalHost />
      <SupportLive />
      <PageLoader />
      <Toaster />
    </>
  );
}
