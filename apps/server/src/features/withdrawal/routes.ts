import { withdrawalEndpoints, withdrawalOperatorEndpoints } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { WithdrawalDesk } from './review.ts';
import type { WithdrawalService } from './service.ts';

const idParam = (req: FastifyRequest) => {
  const r = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).safeParse(req.params);
  if (!r.success) throw notFound('No such record');
  return r.data.id;
};

export const withdrawalRoutes =
  ({ withdrawals: w, withdrawalDesk: desk }: { withdrawals: WithdrawalService; withdrawalDesk: WithdrawalDesk }) =>
  async (app: FastifyInstance) => {
    route(app, withdrawalEndpoints.info, ({ req }) => w.info(memberOf(req)));
    route(app, withdrawalEndpoints.bankAccounts, ({ req }) => w.bankAccounts(memberOf(req)));
    route(app, withdrawalEndpoints.addBankAccount, ({ body, req }) => w.addBankAccount(memberOf(req), body));
    route(app, withdrawalEndpoints.removeBankAccount, ({ req }) => w.removeBankAccount(memberOf(req), idParam(req)));
    route(app, withdrawalEndpoints.request, ({ body, req }) => w.request(memberOf(req), body));
    route(app, withdrawalEndpoints.list, ({ query, req }) => w.list(memberOf(req), query));
    route(app, withdrawalEndpoints.confirm, ({ body, req }) => w.confirmReceipt(memberOf(req), idParam(req), body));

    route(app, withdrawalOperatorEndpoints.list, ({ query, req }) => desk.list(operatorOf(req), query));
    route(app, withdrawalOperatorEndpoints.approve, ({ req }) => desk.approve(operatorOf(req), idParam(req), req.ip));
    route(app, withdrawalOperatorEndpoints.reject, ({ body, req }) =>
      desk.reject(operatorOf(req), idParam(req), body.reason, req.ip),
    );
    route(app, withdrawalOperatorEndpoints.markPaid, ({ body, req }) =>
      desk.markPaid(operatorOf(req), idParam(req), body.payoutReference, req.ip),
    );
    route(app, withdrawalOperatorEndpoints.resolve, ({ body, req }) =>
      desk.resolve(operatorOf(req), idParam(req), body.resolution, body.note, req.ip),
    );
  };
