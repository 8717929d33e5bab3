/** Lets a call through at most once per `ms` (leading edge): the favourite toggle's 1000 ms (spec §9). */
export const createThrottle = (ms: number, now: () => number = Date.now) => {
  let last = -Infinity;
  return (): boolean => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
};

export const FAVORITE_THROTTLE_MS = 1000;
