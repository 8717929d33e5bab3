import { operatorEndpoints } from '@app/contract';
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
  /** What the login still waits for ('totp', 'password_change', 'totp_enrol'); empty when done. */
  pending: string[];
}
const listeners = new Set<() => void>();
let current: OperatorSession | null = (() => {
  try {
    const stored = JSON.parse(readStorage('session', KEY) ?? 'null') as OperatorSession | null;
    return stored ? { ...stored, pending: stored.pending ?? [] } : null;
  } catch {
    return null;
  }
})();

export const setOperatorSession = (s: OperatorSession | null) => {
  current = s;
  writeStorage('session', KEY, s ? JSON.stringify(s) : null);
  listeners.forEach((l) => l());
};
/** After a step of the login (code, new password, authenticator): what is left. */
export const setOperatorPending = (pending: string[]) => {
  if (current) setOperatorSession({ ...current, pending });
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
  // The server says the login still owes a step: ask it which, and show that step's screen.
  if (current && (error.code === 'PASSWORD_CHANGE_REQUIRED' || error.code === 'SECOND_FACTOR_REQUIRED')) {
    void operatorApi.call(operatorEndpoints.me, {}).then(
      (me) => setOperatorPending(me.pending),
      () => undefined,
    );
  }
});
