import { useQueryClient } from '@tanstack/react-query';
import { useLiveFeed } from '../../../lib/live/feed.ts';
import { useSession } from '../../../lib/session/index.ts';
import { VIP_KEY } from '../api/vip.ts';

/**
 * Keeps the VIP label live (decision 074): when the member's level changes or a VIP bonus is paid
 * (a live `balance` event with reason `vip`), member info is loaded again, so the avatar's label
 * follows at once, and the VIP page asks again. Renders nothing.
 */
export function VipLive() {
  const { token, isTrial } = useSession();
  const queryClient = useQueryClient();
  useLiveFeed(token && !isTrial ? token : null, (e) => {
    if (e.event !== 'balance' || e.data.reason !== 'vip') return;
    // signIn.ts brings the contract's schemas: loaded on the first level change, not on the first paint.
    void import('../../../lib/session/signIn.ts').then(({ refreshMemberInfo }) => refreshMemberInfo());
    void queryClient.invalidateQueries({ queryKey: VIP_KEY });
  });
  return null;
}
