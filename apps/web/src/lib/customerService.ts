import type { SystemStatusResponse } from '@app/contract';

type Entry = SystemStatusResponse['customerService'][number];

/** Opens a customer service entry (chat, Telegram, WhatsApp...) in a new tab. */
export const openCustomerService = (entry: Entry | undefined): boolean => {
  if (!entry?.path) return false;
  const opened = window.open(entry.path, '_blank', 'noopener,noreferrer');
  // Pop-up blocked: follow the link in this tab rather than doing nothing.
  if (!opened) window.location.assign(entry.path);
  return true;
};
