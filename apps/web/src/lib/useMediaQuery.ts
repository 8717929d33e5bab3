import { useSyncExternalStore } from 'react';

/** Desktop layout (side menu, header nav) starts here; below it the phone tab bar shows. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );

export const useIsDesktop = (): boolean => useMediaQuery(DESKTOP_QUERY);
