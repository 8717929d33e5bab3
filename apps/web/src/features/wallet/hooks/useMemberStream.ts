import { messageRoutes } from '@app/contract/routes/message';
import { useEffect, useRef } from 'react';
import { useSession } from '../../../lib/session/index.ts';

export type StreamEvent =
  | { event: 'hello'; data: { unread: number } }
  | {
      event: 'notification';
      data: { id: number; kind: string; params: Record<string, string>; read: boolean; createdAt: string };
    }
  | { event: 'balance'; data: { reason: string | null } };

/** Close codes after which reconnecting is pointless: the session is not valid. */
const FINAL = new Set([4400, 4401]);

/** The feed's address on this site (ws: or wss: like the page). */
export const socketUrl = (location: Pick<Location, 'protocol' | 'host'>) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${messageRoutes.socket.path}`;

/**
 * The logged-in member's live feed over a WebSocket. The first message carries the session token
 * (never the URL); events arrive as `{ event, data }`. Reconnects with backoff while the session
 * lasts; trial accounts get no feed (spec §4: their messages are not loaded).
 */
export const useMemberStream = (onEvent: (e: StreamEvent) => void) => {
  const { token, isTrial } = useSession();
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!token || isTrial || typeof WebSocket === 'undefined') return;
    let stopped = false;
    let socket: WebSocket | null = null;
    let delay = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      socket = new WebSocket(socketUrl(window.location));
      socket.onopen = () => {
        delay = 1000;
        socket?.send(JSON.stringify({ type: 'auth', token }));
      };
      socket.onmessage = (m) => {
        try {
          handler.current(JSON.parse(String(m.data)) as StreamEvent);
        } catch {
          // A malformed event is dropped; the feed goes on.
        }
      };
      socket.onclose = (e) => {
        if (stopped || FINAL.has(e.code)) return;
        timer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close(1000, 'bye');
    };
  }, [token, isTrial]);
};
