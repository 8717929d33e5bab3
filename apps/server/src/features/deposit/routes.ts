import { PAYMENT_WEBHOOK_PATH, depositEndpoints, depositOperatorEndpoints } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { fail, ok } from '../../http/envelope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { DepositDesk } from './operator.ts';
import { sandboxGatewayRoutes } from './sandbox/routes.ts';
import type { DepositService } from './service.ts';

const idParam = (req: FastifyRequest) => {
  const r = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).safeParse(req.params);
  if (!r.success) throw notFound('No such record');
  return r.data.id;
};

/** Gateway callbacks, with the raw body kept for the signature (their own plugin scope). */
const webhookRoutes = (deposits: DepositService) => async (app: FastifyInstance) => {
  const raw = new WeakMap<FastifyRequest, string>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, body, done) => {
    raw.set(req, body as string);
    done(null, {});
  });
  app.post(PAYMENT_WEBHOOK_PATH, async (req, reply) => {
    const gateway = z.object({ gateway: z.string().max(40) }).safeParse(req.params);
    if (!gateway.success) return fail(reply, 404, 'NOT_FOUND', 'Unknown gateway');
    try {
      const result = await deposits.webhook(gateway.data.gateway, raw.get(req) ?? '', req.headers);
      return reply.send(ok(result));
    } catch (err) {
      if (err instanceof AppError) {
        req.log.warn(
          { gateway: gateway.data.gateway, code: err.code, reason: err.message },
          'payment callback refused',
        );
      }
      throw err;
    }
  });
};

export const depositRoutes =
  ({ deposits, depositDesk: desk }: { deposits: DepositService; depositDesk: DepositDesk }) =>
  async (app: FastifyInstance) => {
    route(app, depositEndpoints.channels, ({ req }) => deposits.channels(memberOf(req).merchantId));
    route(app, depositEndpoints.create, ({ body, req }) => deposits.create(memberOf(req), body));
    route(app, depositEndpoints.list, ({ query, req }) => deposits.list(memberOf(req), query));

    route(app, depositOperatorEndpoints.list, ({ query, req }) => desk.list(operatorOf(req), query));
    route(app, depositOperatorEndpoints.confirm, ({ req }) => desk.confirm(operatorOf(req), idParam(req), req.ip));
    route(app, depositOperatorEndpoints.reject, ({ body, req }) =>
      desk.reject(operatorOf(req), idParam(req), body.reason, req.ip),
    );
    route(app, depositOperatorEndpoints.channels, ({ req }) => desk.channels(operatorOf(req)));
    route(app, depositOperatorEndpoints.createChannel, ({ body, req }) =>
      desk.createChannel(operatorOf(req), body, req.ip),
    );
    route(app, depositOperatorEndpoints.updateChannel, ({ body, req }) =>
      desk.updateChannel(operatorOf(req), idParam(req), body, req.ip),
    );

    await app.register(webhookRoutes(deposits));
    // The sandbox's pay page exists only where the sandbox does (demo mode, decision 051).
    if (deposits.sandbox) await app.register(sandboxGatewayRoutes({ sandbox: deposits.sandbox }));
  };
