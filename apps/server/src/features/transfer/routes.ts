import { transferEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { TransferService } from './service.ts';

export const transferRoutes =
  ({ transfers }: { transfers: TransferService }) =>
  async (app: FastifyInstance) => {
    route(app, transferEndpoints.uplineInfo, ({ req }) => transfers.info(memberOf(req)));
    route(app, transferEndpoints.toUpline, ({ body, req }) => transfers.toUpline(memberOf(req), body));
  };
