import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { i18n } from '../../../i18n/index.ts';
import { setSupportUnread } from '../../../lib/customerService.ts';
import { useLiveFeed } from '../../../lib/live/feed.ts';
import { useSession } from '../../../lib/session/index.ts';
import { showToast, uiStore } from '../../../lib/ui/index.ts';
import { HISTORY_KEY, useChatUnread } from '../api/chat.ts';
import { ensureSupportTexts, type SupportT } from '../hooks/useSupportText.ts';

/**
 * Keeps the chat live on every page (decision 057): the unread badge of the customer-service
 * entries, and the open chat room's messages, follow the operators' answers without a reload.
 * Renders nothing.
 */
export function SupportLive() {
  const { token, isTrial, isLoggedIn } = useSession();
  const active = isLoggedIn && !isTrial;
  const queryClient = useQueryClient();
  useChatUnread(active);
  useEffect(() => {
    if (!active) setSupportUnread(0);
  }, [active]);
  useLiveFeed(active ? token : null, (e) => {
    if (e.event !== 'support') return;
    void queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
    if (e.data.unread !== null) setSupportUnread(e.data.unread);
    if (e.data.change === 'answer' && uiStore.get().modal?.name !== 'supportChat') {
      void ensureSupportTexts(i18n.language).then(() =>
        showToast((i18n.t as unknown as SupportT)('chat_new_answer'), 'info'),
      );
    }
  });
  return null;
}
