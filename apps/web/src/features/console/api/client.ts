import { useSyncExternalStore } from 'react';
import { createApiClient } from '../../../lib/api/index.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';

/**
 * The operator's session, apart from any player session in the same browser: its own token in
 * session storage, sent only by the console's calls.
 */
const KEY = 'lotus.console.session';
export interface OperatorSession {
  token: string;
  username: string;
  role: string;
}
const listeners = new Set<() => void>();
let current: OperatorSession | null = (() => {
  try {
    return JSON.parse(readStorage('session', KEY) ?? 'null') as OperatorSession | null;
  } catch {
    return null;
  }
})();

export const setOperatorSession = (s: OperatorSession | null) => {
  current = s;
  writeStorage('session', KEY, s ? JSON.stringify(s) : null);
  listeners.forEach((l) => l());
};
export const useOperatorSession = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );

/** The console's calls: the app's API client with the operator's token instead of the member's. */
export const operatorApi = createApiClient({ token: () => current?.token ?? null });

// An operator session the server no longer knows (expired, revoked): back to the console's login.
operatorApi.onError((error) => {
  if (error.status === 401 && current) setOperatorSession(null);
});
