import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { adoptUrlToken } from '../features/session/index.ts';
import { createAppRouter } from './router.tsx';

/**
 * Created only once the status call said "normal": a `?token=` from the URL is stored first, so
 * the route guards of the first navigation already see the session (spec §4).
 */
export function AppRouter() {
  const [router] = useState(() => {
    adoptUrlToken();
    return createAppRouter();
  });
  return <RouterProvider router={router} />;
}
