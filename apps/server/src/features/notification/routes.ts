import { messageEndpoints } from '@app/contract';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { authorize, bearerToken, memberOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { PubSub } from '../../lib/pubsub.ts';
import type { SessionService } from '../identity/sessions/service.ts';
import type { MemberEvent, NotificationService, OperatorEvent } from './service.ts';

const HEARTBEAT_MS = 25_000;

/** A bus event as the feed's `{ event, data }`: notification, balance or support (decision 057). */
const relay = (e: MemberEvent | OperatorEvent, send: (event: string, data: unknown) => void) => {
  if (e.type === 'notification') send('notification', e.notification);
  else if (e.type === 'support') send('support', e.support);
  else send('balance', { reason: e.reason ?? null });
};
const AUTH_WINDOW_MS = 10_000;

export interface NotificationRouteDeps {
  notifications: NotificationService;
  sessions: SessionService;
  /** Closed with the app: the feeds are its last subscribers. */
  pubsub: PubSub;
}

export const notificationRoutes =
  ({ notifications, sessions, pubsub }: NotificationRouteDeps) =>
  async (app: FastifyInstance) => {
    route(app, messageEndpoints.list, ({ query, req }) =>
      notifications.list(memberOf(req).memberId, {
        unreadOnly: query.unread === 'true',
        page: query.page,
        pageSize: query.pageSize,
      }),
    );
    route(app, messageEndpoints.unread, async ({ req }) => ({
      count: await notifications.unread(memberOf(req).memberId),
    }));
    route(app, messageEndpoints.read, async ({ body, req }) => ({
      unread: await notifications.markRead(memberOf(req).memberId, body.all ? 'all' : (body.ids ?? [])),
    }));
    route(app, messageEndpoints.remove, async ({ body, req }) => ({
      unread: await notifications.remove(memberOf(req).memberId, body.ids),
    }));

    /**
     * The member's live feed (server-sent events). It ends when the session stops being valid
     * (checked with every heartbeat) or the server shuts down; browsers reconnect on their own.
     */
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of open) end();
    });
    app.addHook('onClose', () => pubsub.close());
    app.get(messageEndpoints.stream.path, async (req, reply) => {
      await authorize(req, messageEndpoints.stream);
      const member = memberOf(req);
      const token = bearerToken(req) ?? '';
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': req.id,
      });
      const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      res.write('retry: 3000\n\n');
      send('hello', { unread: await notifications.unread(member.memberId) });
      const off = notifications.subscribe(member.memberId, (e: MemberEvent) => relay(e, send), member.merchantId);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        off();
        clearInterval(heartbeat);
        open.delete(end);
        res.end();
      };
      const heartbeat = setInterval(() => {
        void sessions.resolve(token, req.merchantId).then(
          (actor) => (actor ? res.write(': ping\n\n') : end()),
          () => end(),
        );
      }, HEARTBEAT_MS);
      heartbeat.unref();
      open.add(end);
      req.raw.on('close', end);
    });

    /**
     * The same feed over a WebSocket (browsers): authenticated by the first message, so the token
     * stays out of URLs and logs; closed with 4401 when the session is not (or no longer) valid.
     */
    await app.register(websocket, { options: { maxPayload: 4096 } });
    app.route({
      method: 'GET',
      url: messageEndpoints.socket.path,
      // A plain HTTP call (no upgrade) gets an envelope, not the plugin's empty 404.
      handler: () => {
        throw new AppError('UPGRADE_REQUIRED', 'Connect to this feed with a WebSocket', 426);
      },
      wsHandler: (socket, req) => {
        let off: (() => void) | null = null;
        let token = '';
        let kind: 'member' | 'operator' = 'member';
        const close = (code: number, reason: string) => {
          off?.();
          off = null;
          clearInterval(heartbeat);
          clearTimeout(authTimer);
          open.delete(end);
          if (socket.readyState === socket.OPEN) socket.close(code, reason);
        };
        const end = () => close(1001, 'server closing');
        open.add(end);
        const send = (event: string, data: unknown) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ event, data }));
        };
        const authTimer = setTimeout(() => close(4401, 'authenticate first'), AUTH_WINDOW_MS);
        const heartbeat = setInterval(() => {
          if (!off) return;
          void sessions.resolve(token, req.merchantId).then(
            (actor) => (actor && actor.kind === kind ? socket.ping() : close(4401, 'session ended')),
            () => close(1011, 'session check failed'),
          );
        }, HEARTBEAT_MS);
        heartbeat.unref();
        socket.on('message', (raw: Buffer) => {
          if (off) return;
          let message: { type?: unknown; token?: unknown };
          try {
            message = JSON.parse(raw.toString()) as typeof message;
          } catch {
            return close(4400, 'not JSON');
          }
          if (message.type !== 'auth' || typeof message.token !== 'string') return close(4400, 'authenticate first');
          token = message.token;
          void sessions.resolve(token, req.merchantId).then(
            async (actor) => {
              if (actor?.kind === 'operator' && !actor.pendingVerification) {
                // The console's feed: the brand's operator events ("look again" signals only). A login
                // that still owes a step (decision 054) gets no feed: it is closed below.
                clearTimeout(authTimer);
                kind = 'operator';
                off = notifications.subscribeOperators(actor.merchantId, (e) => relay(e, send));
                send('hello', { unread: 0 });
                return;
              }
              if (!actor || actor.kind !== 'member' || actor.pendingVerification || actor.isTrial) {
                return close(4401, 'not logged in');
              }
              clearTimeout(authTimer);
              off = notifications.subscribe(actor.memberId, (e: MemberEvent) => relay(e, send), actor.merchantId);
              send('hello', { unread: await notifications.unread(actor.memberId) });
            },
            () => close(1011, 'session check failed'),
          );
        });
        socket.on('close', () => close(1000, 'bye'));
        socket.on('error', () => close(1011, 'error'));
      },
    });
  };
