import { missionEndpoints, missionOperatorEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import type { MissionService } from './service.ts';

/** Missions and leaderboards (decision 073): the member's page and the console's desk. */
export const missionRoutes =
  ({ missions }: { missions: MissionService }) =>
  async (app: FastifyInstance) => {
    route(app, missionEndpoints.missions, ({ query, req }) => missions.summary(memberOf(req), query.language));
    route(app, missionEndpoints.claim, ({ body, req }) => missions.claim(memberOf(req), body.missionId, body.language));
    route(app, missionEndpoints.leaderboards, ({ query, req }) => missions.leaderboards(memberOf(req), query.language));

    route(app, missionOperatorEndpoints.list, ({ req }) => missions.desk(operatorOf(req)));
    route(app, missionOperatorEndpoints.save, ({ body, req }) => missions.save(operatorOf(req), body, req.ip));
    route(app, missionOperatorEndpoints.end, ({ body, req }) => missions.end(operatorOf(req), body.id, req.ip));
    route(app, missionOperatorEndpoints.saveBoard, ({ body, req }) =>
      missions.saveBoard(operatorOf(req), body, req.ip),
    );
    route(app, missionOperatorEndpoints.endBoard, ({ body, req }) =>
      missions.endBoard(operatorOf(req), body.id, req.ip),
    );
    route(app, missionOperatorEndpoints.report, ({ query, req }) => missions.report(operatorOf(req), query.days));
  };
