import { sessionEndpoints as ep } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import type { SessionService } from './service.ts';

/** Ending the member's own session. */
export const sessionRoutes =
  ({ sessions }: { sessions: Pick<SessionService, 'revoke'> }) =>
  async (app: FastifyInstance) => {
    route(app, ep.logout, async ({ req }) => {
      await sessions.revoke(memberOf(req).sessionId, 'logout');
      return null;
    });
  };
