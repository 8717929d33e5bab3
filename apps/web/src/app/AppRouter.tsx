import { useEffect, useRef, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { takeSignInCode } from '../features/session/index.ts';
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
    // The exchange and its dialog load on demand: the first page carries no contract schemas.
    if (taken) void import('../features/session/signInFromLink.ts').then((m) => m.signInFromLink(taken));
  }, []);
  return <RouterProvider router={router} />;
}
