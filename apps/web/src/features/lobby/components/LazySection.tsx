import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Renders its children once the placeholder comes near the viewport (below-the-fold shelves). */
export function LazySection({
  children,
  placeholder,
  margin = '400px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (shown || !ref.current) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShown(true);
      },
      { rootMargin: margin },
    );
    io.observe(ref.current);
    return () => io.disconnect();
  }, [shown, margin]);
  return shown ? <>{children}</> : <div ref={ref}>{placeholder}</div>;
}
