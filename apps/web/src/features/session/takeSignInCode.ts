/**
 * Spec §4 with decision 055: a link signs in with `?signIn=<code>`, a single-use code that lives
 * 60 seconds, never with a session token. The code (and any old-style `token`) is taken out of the
 * address bar at once, before anything else runs, so it is not bookmarked, shared or sent as a
 * referrer; a `token` in a URL is ignored.
 */
export const takeSignInCode = (): string | null => {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('signIn') && !url.searchParams.has('token')) return null;
  const code = url.searchParams.get('signIn')?.trim() || null;
  url.searchParams.delete('signIn');
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return code;
};
