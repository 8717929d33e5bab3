import { useEffect, useState } from 'react';
import { getToken } from '../lib/api.ts';
import type { Money } from '../lib/format.ts';

/** What the game page hands every game screen: the session's money format and its balance. */
export interface GameProps {
  money: Money;
  balance: string;
  /** A new balance from the game's own answer, or null to ask the wallet again. */
  onBalance: (b: string | null) => void;
}

/** The time now, refreshed every animation frame (a climbing multiplier, a countdown's last second). */
export const useFrameClock = (): number => {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    let raf = 0;
    const loop = () => {
      setNow(Date.now());
      raf = requestAnimationFrame(loop);
    };
    raf = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(raf);
  }, []);
  return now;
};

/**
 * A shared game's state as the server pushes it (server-sent events on `/api/<path>`), and how far
 * the browser's clock is from the server's, so countdowns agree with the server.
 */
export const useSharedState = <T extends { serverNow: number }>(path: string) => {
  const [state, setState] = useState<T | null>(null);
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const es = new EventSource(`/api/${path}?token=${encodeURIComponent(getToken() ?? '')}`);
    es.onmessage = (e) => {
      const s = JSON.parse(e.data as string) as T;
      setOffset(s.serverNow - Date.now());
      setState(s);
    };
    return () => es.close();
  }, [path]);
  return { state, offset };
};
