import { feedbackEndpoints, feedbackOperatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authorize, memberOf, operatorOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { FeedbackService } from './service.ts';

const idParams = z.object({ id: z.string().uuid() });

/** Feedback (decision 075): the member's page and the console's feedback desk. */
export const feedbackRoutes =
  ({ feedback }: { feedback: FeedbackService }) =>
  async (app: FastifyInstance) => {
    route(app, feedbackEndpoints.list, ({ query, req }) => feedback.mine(memberOf(req), query));
    route(app, feedbackEndpoints.create, ({ body, req }) => feedback.create(memberOf(req), body));

    route(app, feedbackOperatorEndpoints.list, ({ query, req }) => feedback.desk(operatorOf(req), query));
    route(app, feedbackOperatorEndpoints.answer, ({ body, req }) => feedback.answer(operatorOf(req), body, req.ip));
    route(app, feedbackOperatorEndpoints.settings, ({ req }) => feedback.settings(operatorOf(req)));
    route(app, feedbackOperatorEndpoints.save, ({ body, req }) =>
      feedback.save(operatorOf(req), BigInt(body.reward), req.ip),
    );
    app.get(feedbackOperatorEndpoints.image.path, async (req, reply) => {
      await authorize(req, feedbackOperatorEndpoints.image);
      const p = idParams.safeParse(req.params);
      if (!p.success) throw new AppError('NOT_FOUND', 'No such image', 404);
      const row = await feedback.image(operatorOf(req), p.data.id);
      return reply.header('content-type', row.mime).header('cache-control', 'private, max-age=3600').send(row.bytes);
    });
  };
