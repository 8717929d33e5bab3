import { setSession } from '../../lib/session/index.ts';

/**
 * Spec §4: with systemStatus 0 the app signs in from a `token` in the URL query (links from the
 * app, the agent back office or a game return URL). The token is kept in session storage and
 * taken out of the address bar so it is not bookmarked, shared or sent as a referrer.
 */
export const adoptUrlToken = (): boolean => {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token')?.trim();
  if (!url.searchParams.has('token')) return false;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (!token) return false;
  setSession({ token });
  return true;
};
