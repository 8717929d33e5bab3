import type { SystemStatusResponse } from '@app/contract';

type Entry = SystemStatusResponse['customerService'][number];

/**
 * Opens an external customer service entry (Telegram, WhatsApp, an outside chat...) in a new tab,
 * and only there: this tab stays where it is. `noopener` keeps the other site from reaching back
 * into ours; with it `window.open` always returns null, so null says nothing about a blocked pop-up
 * (a click's pop-up is not blocked) and must not send this tab away too.
 */
export const openCustomerService = (entry: Entry | undefined): boolean => {
  if (!entry?.path) return false;
  window.open(entry.path, '_blank', 'noopener,noreferrer');
  return true;
};
