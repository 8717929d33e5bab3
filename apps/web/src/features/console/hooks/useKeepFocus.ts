import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the keyboard where it was across a save: controls are disabled while a change is saved and
 * rows move or go, so the focus would drop to the page. `keep(...selectors)` says where it should
 * land; once the save (`busy`) is over, the first of those that can take it gets it.
 */
export const useKeepFocus = (container: RefObject<HTMLElement | null>, busy: boolean) => {
  const target = useRef<{ selectors: string[]; saving: boolean } | null>(null);
  useEffect(() => {
    const wanted = target.current;
    if (!wanted) return;
    if (busy) {
      wanted.saving = true;
      return;
    }
    if (!wanted.saving) return;
    target.current = null;
    for (const selector of wanted.selectors) {
      const el = container.current?.querySelector<HTMLElement>(selector);
      if (el && !el.matches(':disabled')) {
        el.focus();
        return;
      }
    }
  });
  return useCallback((...selectors: string[]) => {
    target.current = { selectors, saving: false };
  }, []);
};
