import { i18n } from '../i18n/index.ts';
import { isLanguageDependentKey, onApiError, queryClient } from '../lib/api/index.ts';
import { endsSession } from '../lib/protection.ts';
import { clearSession, getSession } from '../lib/session/index.ts';
import { openModal, showToast, uiStore } from '../lib/ui/index.ts';
import { adoptResetLink } from '../features/auth/resetLink.ts';

let installed = false;

/** App-wide reactions that are not tied to one screen. Installed once, before the first render. */
export const installAppWiring = (): void => {
  if (installed) return;
  installed = true;

  // Spec §6/§7: language-dependent data (game lists, help, banners) follows the language.
  i18n.on('languageChanged', () => {
    void queryClient.invalidateQueries({ predicate: (query) => isLanguageDependentKey(query.queryKey) });
  });

  // An expired or revoked session: forget it and ask for a login ('not_logged_in').
  onApiError((error, endpoint) => {
    if (!error.isUnauthenticated || endpoint.auth === 'none' || !getSession().isLoggedIn) return;
    clearSession();
    showToast(i18n.t('not_logged_in'), 'error');
    openModal('login', {});
  });

  // Spec §4: a forced password change blocks everything else; after a reload it opens again.
  // A login still waiting for extra verification cannot be resumed here: sign in again.
  onApiError((error) => {
    if (!getSession().isLoggedIn) return;
    const area = window.location.pathname.startsWith('/agent') ? 'agent' : 'member';
    if (error.code === 'PASSWORD_CHANGE_REQUIRED') openModal('changePassword', { area, forced: true });
    if (error.code === 'VERIFICATION_REQUIRED' && uiStore.get().modal?.name !== 'verifyLogin') {
      clearSession();
      showToast(i18n.t('err_VERIFICATION_REQUIRED'), 'error');
      openModal('login', {});
    }
  });

  // Player protection ended the session (a time-out, a self-exclusion, the session time limit): say why, log out.
  onApiError((error) => {
    if (!endsSession(error.code) || !getSession().isLoggedIn) return;
    clearSession();
    showToast(error.code === 'PROTECTION_SESSION_LIMIT' ? i18n.t('pr_session') : error.message, 'error');
  });

  // An e-mailed reset link (/?resetToken=…) opens the "choose a new password" step.
  adoptResetLink();
};
