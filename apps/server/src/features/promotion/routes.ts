import { promotionEndpoints, promotionOperatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authorize, memberOf, operatorOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { PromotionService } from './service.ts';

/** Promotions: the players' list, joining and claiming, the rewards centre; the console's desk. */
const idParams = z.object({ id: z.string().uuid() });

export const promotionRoutes =
  ({ promotions }: { promotions: PromotionService }) =>
  async (app: FastifyInstance) => {
    route(app, promotionEndpoints.list, async ({ query, req }) => {
      const memberId = req.actor?.kind === 'member' && !req.actor.isTrial ? req.actor.memberId : null;
      return { list: await promotions.list(req.merchantId, memberId, query.language) };
    });
    route(app, promotionEndpoints.join, ({ body, req }) =>
      promotions.join(memberOf(req), body.promotionId, body.language, {
        origin: { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') },
        fromApp: body.fromApp,
      }),
    );
    route(app, promotionEndpoints.claim, ({ body, req }) =>
      promotions.claim(memberOf(req), body.entryId, body.language),
    );
    route(app, promotionEndpoints.forfeit, ({ body, req }) =>
      promotions.forfeit(memberOf(req), body.entryId, body.language),
    );
    route(app, promotionEndpoints.raffleClaim, ({ body, req }) =>
      promotions.raffleClaim(memberOf(req), body.promotionId, body.language, {
        ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? ''),
      }),
    );
    route(app, promotionEndpoints.raffleDraws, ({ query, req }) =>
      promotions.raffleDraws(memberOf(req), query.language, query.promotionId),
    );
    route(app, promotionEndpoints.rewards, ({ query, req }) => promotions.rewards(memberOf(req), query.language));
    route(app, promotionEndpoints.apply, ({ body, req }) =>
      promotions.apply(memberOf(req), body, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') }),
    );
    route(app, promotionEndpoints.bonuses, ({ query, req }) => promotions.bonuses(memberOf(req), query.language));

    route(app, promotionOperatorEndpoints.list, ({ query, req }) => promotions.desk(operatorOf(req), query.state));
    route(app, promotionOperatorEndpoints.create, ({ body, req }) => promotions.create(operatorOf(req), body, req.ip));
    route(app, promotionOperatorEndpoints.update, ({ body, req }) => promotions.update(operatorOf(req), body, req.ip));
    route(app, promotionOperatorEndpoints.end, ({ body, req }) =>
      promotions.end(operatorOf(req), body.id, body.reason, req.ip),
    );
    route(app, promotionOperatorEndpoints.report, ({ query, req }) => promotions.report(operatorOf(req), query.id));
    route(app, promotionOperatorEndpoints.applications, ({ query, req }) =>
      promotions.applications(operatorOf(req), query),
    );
    route(app, promotionOperatorEndpoints.decide, ({ body, req }) => promotions.decide(operatorOf(req), body, req.ip));
    app.get(promotionOperatorEndpoints.image.path, async (req, reply) => {
      await authorize(req, promotionOperatorEndpoints.image);
      const p = idParams.safeParse(req.params);
      if (!p.success) throw new AppError('NOT_FOUND', 'No such image', 404);
      const row = await promotions.applicationImage(operatorOf(req), p.data.id);
      return reply
        .header('content-type', row.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(row.bytes);
    });
  };
