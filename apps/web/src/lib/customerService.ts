import type { SystemStatusResponse } from '@app/contract';
import { i18n } from '../i18n/index.ts';
import { IN_APP_CHAT_PATH } from './contractConstants.ts';
import { createStore, useStore } from './createStore.ts';
import { getSession } from './session/index.ts';
import { openModal, showToast } from './ui/index.ts';

type Entry = SystemStatusResponse['customerService'][number];

/** An entry's name in the reader's language (the operator's translation), else its default name. */
export const customerServiceName = (entry: Entry, language: string): string =>
  entry.names?.[language.toUpperCase()]?.trim() || entry.displayName;

/** Whether an entry opens the in-app chat room (decision 057) rather than an outside link. */
export const isInAppChat = (entry: Entry | undefined): boolean => entry?.path === IN_APP_CHAT_PATH;

/**
 * Opens a customer service entry. The in-app chat opens as the chat room modal (guests log in
 * first, trial accounts get the real-account dialog); an outside entry (Telegram, WhatsApp, an
 * outside chat…) opens in a new tab, and only there: this tab stays where it is. `noopener` keeps
 * the other site from reaching back into ours; with it `window.open` always returns null, so null
 * says nothing about a blocked pop-up (a click's pop-up is not blocked) and must not send this tab
 * away too.
 */
export const openCustomerService = (entry: Entry | undefined): boolean => {
  if (!entry?.path) return false;
  if (isInAppChat(entry)) {
    const session = getSession();
    if (!session.isLoggedIn) {
      showToast(i18n.t('cs_login_first'), 'info');
      openModal('login', {});
    } else if (session.isTrial) {
      openModal('trialAccount'); // spec §8: the real-account dialog
    } else {
      openModal('supportChat');
    }
    return true;
  }
  window.open(entry.path, '_blank', 'noopener,noreferrer');
  return true;
};

/** Operators' messages the member has not read yet (kept by the chat feature's live listener). */
export const supportUnreadStore = createStore(0);
export const setSupportUnread = (count: number): void => supportUnreadStore.set(count);
export const useSupportUnread = (): number => useStore(supportUnreadStore, (n) => n);
