import { messageEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { authorize, bearerToken, memberOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { MemberEvent } from './service.ts';

const HEARTBEAT_MS = 25_000;

export const notificationRoutes = async (app: FastifyInstance) => {
  const { notifications, sessions } = app.ctx;

  route(app, messageEndpoints.list, ({ query, req }) =>
    notifications.list(memberOf(req).memberId, { unreadOnly: query.unread === 'true', page: query.page, pageSize: query.pageSize }),
  );
  route(app, messageEndpoints.unread, async ({ req }) => ({ count: await notifications.unread(memberOf(req).memberId) }));
  route(app, messageEndpoints.read, async ({ body, req }) => ({
    unread: await notifications.markRead(memberOf(req).memberId, body.all ? 'all' : (body.ids ?? [])),
  }));

  /**
   * The member's live feed (server-sent events). It ends when the session stops being valid
   * (checked with every heartbeat) or the server shuts down; browsers reconnect on their own.
   */
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  app.addHook('onClose', () => app.ctx.pubsub.close());
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
    const off = notifications.subscribe(member.memberId, (e: MemberEvent) => {
      if (e.type === 'notification') send('notification', e.notification);
      else send('balance', { reason: e.reason ?? null });
    });
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
};
