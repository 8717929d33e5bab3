import { sessionEndpoints as ep } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../../http/auth.ts';
import { route } from '../../../http/route.ts';
import type { ExtraVerificationService } from './service.ts';

/** The second step of a login from a new IP: send a code, then answer it. */
export const extraVerificationRoutes =
  ({ extraVerification }: { extraVerification: ExtraVerificationService }) =>
  async (app: FastifyInstance) => {
    route(app, ep.sendVerificationCode, ({ body, req }) =>
      extraVerification.sendCode(memberOf(req), body.method, req.ip),
    );
    route(app, ep.completeVerification, ({ body, req }) => extraVerification.complete(memberOf(req), body, req.ip));
  };
