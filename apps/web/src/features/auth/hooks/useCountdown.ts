import { useCallback, useEffect, useState } from 'react';

/** Seconds left on a send button (spec §4: expiredMinutes × 60 s; 60 s default on register). */
export const useCountdown = () => {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= now) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [endsAt, now]);
  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);
  return { seconds: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
};
