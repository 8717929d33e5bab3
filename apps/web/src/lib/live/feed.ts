import { messageRoutes } from '@app/contract/routes/message';
import type { SupportLiveEvent } from '@app/contract';
import { useEffect, useRef } from 'react';

/** What the live feed (decision 027) sends, as `{ event, data }`. */
export type FeedEvent =
  | { event: 'hello'; data: { unread: number } }
  | {
      event: 'notification';
      data: {
        id: number;
        kind: string;
        params: Record<string, string>;
        read: boolean;
        createdAt: string;
        /** An operator's message (issue 20): its title and text per language. */
        content?: { title: Record<string, string>; body: Record<string, string> };
      };
    }
  | { event: 'balance'; data: { reason: string | null } }
  | { event: 'support'; data: SupportLiveEvent };

/** Close codes after which reconnecting is pointless: the session is not valid. */
const FINAL = new Set([4400, 4401]);

/** The feed's address on this site (ws: or wss: like the page). */
export const socketUrl = (location: Pick<Location, 'protocol' | 'host'>) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${messageRoutes.socket.path}`;

type Handler = (e: FeedEvent) => void;
interface Connection {
  handlers: Set<Handler>;
  stop: () => void;
}

/** One socket per session token, shared by every part of the page that listens (wallet, chat…). */
const connections = new Map<string, Connection>();

const open = (token: string): Connection => {
  const handlers = new Set<Handler>();
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
      let event: FeedEvent;
      try {
        event = JSON.parse(String(m.data)) as FeedEvent;
      } catch {
        return; // A malformed event is dropped; the feed goes on.
      }
      for (const handler of handlers) handler(event);
    };
    socket.onclose = (e) => {
      if (stopped || FINAL.has(e.code)) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30_000);
    };
  };
  connect();
  return {
    handlers,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close(1000, 'bye');
    },
  };
};

/** Listens to the feed of a session (a member's or an operator's); returns the function that stops. */
export const listenToFeed = (token: string, handler: Handler): (() => void) => {
  let connection = connections.get(token);
  if (!connection) {
    connection = open(token);
    connections.set(token, connection);
  }
  connection.handlers.add(handler);
  const c = connection;
  return () => {
    c.handlers.delete(handler);
    if (c.handlers.size === 0) {
      c.stop();
      connections.delete(token);
    }
  };
};

/**
 * The live feed of a session over a WebSocket while `token` is set: the first message carries the
 * token (never the URL); reconnects with backoff while the session lasts.
 */
export const useLiveFeed = (token: string | null, onEvent: Handler) => {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    return listenToFeed(token, (e) => handler.current(e));
  }, [token]);
};
