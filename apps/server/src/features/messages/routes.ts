import { operatorMessageEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { MessageService } from './service.ts';

/** The console's messages desk (decision 075): compose, the sent list with read counts, cancel. */
export const messageRoutes =
  ({ messages }: { messages: MessageService }) =>
  async (app: FastifyInstance) => {
    route(app, operatorMessageEndpoints.list, ({ query, req }) => messages.list(operatorOf(req), query));
    route(app, operatorMessageEndpoints.create, ({ body, req }) => messages.create(operatorOf(req), body, req.ip));
    route(app, operatorMessageEndpoints.cancel, ({ body, req }) => messages.cancel(operatorOf(req), body.id, req.ip));
  };
