/**
 * Web Storage can throw (Safari private mode, disabled cookies, quota). The app must keep working
 * without it, so every access goes through these guards.
 */
type Area = 'session' | 'local';

const areaOf = (area: Area): Storage | null => {
  try {
    return area === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
};

export const readStorage = (area: Area, key: string): string | null => {
  try {
    return areaOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

export const writeStorage = (area: Area, key: string, value: string | null): void => {
  try {
    const storage = areaOf(area);
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage full or blocked: the value simply is not remembered.
  }
};

export const readJson = <T>(area: Area, key: string): T | null => {
  const raw = readStorage(area, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};

export const writeJson = (area: Area, key: string, value: unknown): void =>
  writeStorage(area, key, value === null || value === undefined ? null : JSON.stringify(value));
