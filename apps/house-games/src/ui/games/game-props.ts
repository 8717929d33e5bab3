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

/** When a pending credit is read again: the outbox retries it after 1, 2, 4 and 8 seconds. */
export const BALANCE_REREADS_MS = [0, 1_500, 3_500, 7_500, 15_500];

/**
 * A credit is on its way (a win the platform did not answer in time goes through the outbox): reads
 * the wallet now and a few times after, so the balance shown catches up without a reload. A read
 * that fails is skipped. Returns the way to stop the reads (a newer balance arrived, the page left).
 */
export const rereadBalance = (read: () => Promise<string>, set: (balance: string) => void): (() => void) => {
  let stopped = false;
  const timers = BALANCE_REREADS_MS.map((ms) =>
    setTimeout(() => {
      read()
        .then((b) => {
          if (!stopped) set(b);
        })
        .catch(() => undefined);
    }, ms),
  );
  return () => {
    stopped = true;
    for (const t of timers) clearTimeout(t);
  };
};

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
