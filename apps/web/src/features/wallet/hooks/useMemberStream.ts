import { type FeedEvent, socketUrl, useLiveFeed } from '../../../lib/live/feed.ts';
import { useSession } from '../../../lib/session/index.ts';

export type StreamEvent = FeedEvent;
export { socketUrl };

/**
 * The logged-in member's live feed (lib/live/feed.ts: one socket shared by every listener of the
 * page). Trial accounts get no feed (spec §4: their messages are not loaded).
 */
export const useMemberStream = (onEvent: (e: StreamEvent) => void) => {
  const { token, isTrial } = useSession();
  useLiveFeed(token && !isTrial ? token : null, onEvent);
};
