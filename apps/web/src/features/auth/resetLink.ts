import { openModal } from '../../lib/ui/index.ts';

/**
 * The password-reset e-mail links to `/?resetToken=…`. The token is taken out of the address bar
 * at once (no bookmarks, no referrers) and the forgot-password modal opens on its last step.
 */
export const adoptResetLink = (): void => {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('resetToken')?.trim();
  if (!url.searchParams.has('resetToken')) return;
  url.searchParams.delete('resetToken');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (token) openModal('forgotPassword', { resetToken: token });
};
