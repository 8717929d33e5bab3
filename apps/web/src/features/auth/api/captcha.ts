import { CAPTCHA_REFRESH_MS, verificationEndpoints } from '@app/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../lib/api/index.ts';

/**
 * The captcha image (spec §4): a base64 PNG whose answer stays on the server, bound to this
 * browser by a cookie. Refreshing is allowed at most once per second.
 */
export const useCaptcha = (enabled: boolean) => {
  const [image, setImage] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const last = useRef(0);
  const retried = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  const load = useCallback(async (): Promise<boolean> => {
    const now = Date.now();
    if (now - last.current < CAPTCHA_REFRESH_MS) return true;
    last.current = now;
    setLoading(true);
    try {
      setImage(await call(verificationEndpoints.captcha, { query: { t: now } }));
      return true;
    } catch {
      setImage(null);
      return false;
    } finally {
      setLoading(false);
    }
  }, []);

  const refresh = useCallback(async () => {
    if (await load()) {
      retried.current = false;
      return;
    }
    // Most likely the once-a-second limit right after a failed try: ask once more a second later.
    if (retried.current) return;
    retried.current = true;
    timer.current = window.setTimeout(() => void load(), CAPTCHA_REFRESH_MS);
  }, [load]);

  useEffect(() => {
    if (enabled) void refresh();
    return () => window.clearTimeout(timer.current);
  }, [enabled, refresh]);

  return { image, loading, refresh };
};
