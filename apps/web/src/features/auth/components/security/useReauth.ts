import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../../../lib/api/index.ts';

/**
 * Sensitive security-centre changes need the password again (server ticket, 10 minutes). The
 * page keeps the ticket; `withReauth` asks for the password when there is none (or it expired).
 */
export const useReauthTicket = () => {
  const ticket = useRef<{ token: string; until: number } | null>(null);
  const [asking, setAsking] = useState<{ resolve: (t: string) => void; reject: (e: Error) => void } | null>(null);

  const obtain = useCallback(
    () =>
      new Promise<string>((resolve, reject) => {
        const t = ticket.current;
        if (t && t.until > Date.now()) resolve(t.token);
        else setAsking({ resolve, reject });
      }),
    [],
  );

  /** Runs `action` with a ticket; a ticket the server no longer knows is dropped and asked for again once. */
  const withReauth = useCallback(
    async <T>(action: (token: string) => Promise<T>): Promise<T> => {
      try {
        return await action(await obtain());
      } catch (error) {
        if (!isApiError(error) || error.code !== 'REAUTH_REQUIRED') throw error;
        ticket.current = null;
        return action(await obtain());
      }
    },
    [obtain],
  );

  const granted = (token: string, seconds: number) => {
    ticket.current = { token, until: Date.now() + seconds * 1000 - 15_000 };
    asking?.resolve(token);
    setAsking(null);
  };
  const cancelled = () => {
    asking?.reject(new ReauthCancelled());
    setAsking(null);
  };
  return { withReauth, asking: asking !== null, granted, cancelled };
};

export class ReauthCancelled extends Error {}
