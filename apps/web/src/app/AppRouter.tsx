import { useEffect, useRef, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { signInFromLink, takeSignInCode } from '../features/session/index.ts';
import { createAppRouter } from './router.tsx';

/**
 * Created only once the status call said "normal". A sign-in link's `?signIn=` code is taken out
 * of the address bar before the router reads it, then swapped for a session (decision 055).
 */
export function AppRouter() {
  const code = useRef<string | null>(null);
  const [router] = useState(() => {
    code.current = takeSignInCode();
    return createAppRouter();
  });
  useEffect(() => {
    // Once, also when development mode runs effects twice: a code works only once.
    const taken = code.current;
    code.current = null;
    if (taken) void signInFromLink(taken);
  }, []);
  return <RouterProvider router={router} />;
}
