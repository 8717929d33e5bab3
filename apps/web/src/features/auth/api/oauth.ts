import { OAUTH_MESSAGE, sessionEndpoints } from '@app/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api/index.ts';

/** The third-party logins this brand offers (only those configured and switched on). */
export const useOAuthProviders = () => useEndpointQuery(sessionEndpoints.oauthProviders, {}, { staleTime: 5 * 60_000 });

/** POST /wps/session/login/oauth: a popup's ticket for a session. */
export const useOAuthLogin = () => useEndpointMutation(sessionEndpoints.oauthLogin);

export class PopupClosedError extends Error {}

/**
 * Opens the provider in a popup and resolves with the ticket the server's last page posts back.
 * A popup closed by the user, blocked, or ending in an error rejects (spec §8: 'Login failure.
 * Please try again.').
 */
export const openOAuthPopup = (startUrl: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const w = 480;
    const h = 640;
    const left = Math.max(0, window.screenX + (window.outerWidth - w) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - h) / 2);
    const popup = window.open(startUrl, 'lotus-oauth', `popup=yes,width=${w},height=${h},left=${left},top=${top}`);
    if (!popup) {
      reject(new PopupClosedError('blocked'));
      return;
    }
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
      fn();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const data = event.data as { type?: string; ticket?: string; error?: string } | null;
      if (data?.type !== OAUTH_MESSAGE) return;
      finish(() => (data.ticket ? resolve(data.ticket) : reject(new PopupClosedError(data.error ?? 'failed'))));
    };
    window.addEventListener('message', onMessage);
    const timer = window.setInterval(() => {
      if (popup.closed) finish(() => reject(new PopupClosedError('closed')));
    }, 400);
  });
