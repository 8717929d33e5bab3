import { supportEndpoints, supportOperatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { SupportService } from './service.ts';

/** The customer-service chat: the member's side and the operators' desk (decision 057). */
export const supportRoutes =
  ({ support }: { support: SupportService }) =>
  async (app: FastifyInstance) => {
    route(app, supportEndpoints.history, ({ query, req }) => support.history(memberOf(req), query));
    route(app, supportEndpoints.send, ({ body, req }) => support.send(memberOf(req), body.body));
    route(app, supportEndpoints.read, ({ req }) => support.markRead(memberOf(req)));
    route(app, supportEndpoints.unread, async ({ req }) => ({ count: await support.unread(memberOf(req)) }));

    route(app, supportOperatorEndpoints.conversations, ({ query, req }) =>
      support.conversations(operatorOf(req), query),
    );
    route(app, supportOperatorEndpoints.thread, ({ query, req }) =>
      support.thread(operatorOf(req), query.conversationId),
    );
    route(app, supportOperatorEndpoints.read, ({ body, req }) =>
      support.read(operatorOf(req), body.conversationId, req.ip),
    );
    route(app, supportOperatorEndpoints.answer, ({ body, req }) => support.answer(operatorOf(req), body, req.ip));
    route(app, supportOperatorEndpoints.close, ({ body, req }) =>
      support.close(operatorOf(req), body.conversationId, req.ip),
    );
    route(app, supportOperatorEndpoints.assign, ({ body, req }) =>
      support.assign(operatorOf(req), body.conversationId, req.ip),
    );
    route(app, supportOperatorEndpoints.unread, async ({ req }) => ({
      count: await support.deskUnread(operatorOf(req)),
    }));
  };
