import { CAPTCHA_REFRESH_MS, verificationEndpoints } from '@app/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { operatorApi } from './client.ts';

/**
 * The captcha image the console's login asks for after failures (decision 054): the same server
 * captcha as the player site's, bound to this browser by its cookie; refreshed at most once a second.
 */
export const useConsoleCaptcha = (enabled: boolean) => {
  const [image, setImage] = useState<string | null>(null);
  const last = useRef(0);
  const refresh = useCallback(async () => {
    const now = Date.now();
    if (now - last.current < CAPTCHA_REFRESH_MS) return;
    last.current = now;
    try {
      setImage(await operatorApi.call(verificationEndpoints.captcha, { query: { t: now } }));
    } catch {
      setImage(null);
    }
  }, []);
  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh]);
  return { image, refresh };
};
