import { sessionEndpoints } from '@app/contract';
import { call, createApiClient, queryClient } from '../../lib/api/index.ts';
import { sessionStore } from '../../lib/session/index.ts';
import { completeSignIn, refreshMemberInfo } from '../../lib/session/signIn.ts';
import { openModal, showToast } from '../../lib/ui/index.ts';
import { i18n } from '../../i18n/index.ts';

/** What an exchanged sign-in code gave: a session of its own for the link's account. */
export interface LinkSession {
  token: string;
  account: string;
  isAgent: boolean;
  isTrial: boolean;
}

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

/** Ends a session on the server by its own token (the one not kept). */
export const revokeSession = (token: string): Promise<unknown> =>
  createApiClient({ token: () => token })
    .call(sessionEndpoints.logout)
    .catch(() => undefined);

/** Makes the link's session this tab's session, and reloads what depends on the member. */
export const adoptLinkSession = async (s: LinkSession): Promise<void> => {
  await completeSignIn(s.token, { isAgent: s.isAgent, isTrial: s.isTrial });
  await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] !== '/wps/system/status' });
};

/**
 * Swaps the link's code for a session. Nobody signed in here: it becomes the session. The same
 * account signed in: nothing changes (the new session is ended). Another account signed in: the
 * member is asked before one replaces the other.
 */
export const signInFromLink = async (code: string): Promise<void> => {
  let link: LinkSession;
  try {
    link = await call(sessionEndpoints.exchangeSignInCode, { body: { code } });
  } catch {
    showToast(i18n.t('sign_in_link_invalid'), 'error');
    return;
  }
  const current = sessionStore.get();
  const currentAccount = current.token
    ? (current.memberInfo?.account ?? (await refreshMemberInfo())?.account ?? null)
    : null;
  if (!currentAccount) {
    await adoptLinkSession(link);
    return;
  }
  if (currentAccount.toLowerCase() === link.account.toLowerCase()) {
    await revokeSession(link.token);
    return;
  }
  openModal('switchAccount', { current: currentAccount, link });
};
