import { sessionRoutes } from '@app/contract/routes/session';
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

/** Ends a session on the server by its own token (the one not kept). */
export const revokeSession = (token: string): Promise<unknown> =>
  createApiClient({ token: () => token })
    .call(sessionRoutes.logout)
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
    link = await call(sessionRoutes.exchangeSignInCode, { body: { code } });
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
