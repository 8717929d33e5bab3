import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Set once the page has painted its first screen; later pages render everything at once. */
let painted = false;

/**
 * Renders its children only after the page's first screen has painted, as a transition (sliced,
 * interruptible). The banner, menu and header of the first visit reach the screen first; what sits
 * below them (shelves, the footer) follows a frame later. `placeholder` keeps their place.
 */
export function AfterFirstPaint({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        painted = true;
        startTransition(() => setReady(true));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready]);
  return ready ? <>{children}</> : <>{placeholder}</>;
}
