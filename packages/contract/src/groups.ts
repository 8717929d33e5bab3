import type { Endpoint } from './endpoint.ts';
import type { RouteName } from './route.ts';
import type { agentEndpoints, memberRedEnvelopeEndpoints, operatorAgentAnnouncementEndpoints } from './agent.ts';
import type { agentContractEndpoints, operatorContractEndpoints } from './agent-contracts.ts';
import type { contentEndpoints, operatorContentEndpoints } from './content.ts';
import type { providerEndpoints, gamePlayEndpoints, providerAdminEndpoints } from './game.ts';
import type { gameEndpoints } from './games.ts';
import type { memberEndpoints } from './member.ts';
import type { operatorEndpoints } from './operator.ts';
import type {
  depositEndpoints,
  depositOperatorEndpoints,
  withdrawalEndpoints,
  withdrawalOperatorEndpoints,
  transferEndpoints,
  messageEndpoints,
  uploadEndpoints,
} from './payments.ts';
import type { registrationEndpoints } from './registration.ts';
import type { sessionEndpoints } from './session.ts';
import type { systemEndpoints } from './system.ts';
import type { verificationEndpoints } from './verification.ts';
import type { supportEndpoints, supportOperatorEndpoints } from './support.ts';
import type { promotionEndpoints, promotionOperatorEndpoints } from './promotions.ts';
import type { walletEndpoints, walletOperatorEndpoints } from './wallet.ts';
import type { protectionEndpoints, protectionOperatorEndpoints } from './protection.ts';
import type { lotteryEndpoints, lotteryOperatorEndpoints } from './lottery.ts';
import type { pointsEndpoints, pointsOperatorEndpoints } from './points.ts';
import type { rebateEndpoints, rebateOperatorEndpoints } from './rebate.ts';
import type { backofficeEndpoints } from './backoffice.ts';
import type { reportsEndpoints } from './reports.ts';
import type { referralEndpoints, referralOperatorEndpoints } from './referral.ts';
import type { feedbackEndpoints, feedbackOperatorEndpoints, operatorMessageEndpoints } from './messages.ts';
import type { missionEndpoints, missionOperatorEndpoints } from './missions.ts';
import type { vipEndpoints, vipOperatorEndpoints } from './vip.ts';
import type { sportsDeskEndpoints } from './sports-desk.ts';

/** Every endpoint group by the name its routes carry (`defineRoutes(group, …)`). */
export interface EndpointGroups {
  agentContract: typeof agentContractEndpoints;
  operatorContract: typeof operatorContractEndpoints;
  agent: typeof agentEndpoints;
  memberRedEnvelope: typeof memberRedEnvelopeEndpoints;
  operatorAgentAnnouncement: typeof operatorAgentAnnouncementEndpoints;
  content: typeof contentEndpoints;
  operatorContent: typeof operatorContentEndpoints;
  provider: typeof providerEndpoints;
  gamePlay: typeof gamePlayEndpoints;
  providerAdmin: typeof providerAdminEndpoints;
  game: typeof gameEndpoints;
  member: typeof memberEndpoints;
  operator: typeof operatorEndpoints;
  deposit: typeof depositEndpoints;
  depositOperator: typeof depositOperatorEndpoints;
  withdrawal: typeof withdrawalEndpoints;
  withdrawalOperator: typeof withdrawalOperatorEndpoints;
  transfer: typeof transferEndpoints;
  message: typeof messageEndpoints;
  upload: typeof uploadEndpoints;
  registration: typeof registrationEndpoints;
  session: typeof sessionEndpoints;
  system: typeof systemEndpoints;
  verification: typeof verificationEndpoints;
  wallet: typeof walletEndpoints;
  walletOperator: typeof walletOperatorEndpoints;
  support: typeof supportEndpoints;
  supportOperator: typeof supportOperatorEndpoints;
  protection: typeof protectionEndpoints;
  protectionOperator: typeof protectionOperatorEndpoints;
  promotion: typeof promotionEndpoints;
  promotionOperator: typeof promotionOperatorEndpoints;
  lottery: typeof lotteryEndpoints;
  lotteryOperator: typeof lotteryOperatorEndpoints;
  points: typeof pointsEndpoints;
  pointsOperator: typeof pointsOperatorEndpoints;
  rebate: typeof rebateEndpoints;
  rebateOperator: typeof rebateOperatorEndpoints;
  vip: typeof vipEndpoints;
  vipOperator: typeof vipOperatorEndpoints;
  backoffice: typeof backofficeEndpoints;
  reports: typeof reportsEndpoints;
  referral: typeof referralEndpoints;
  referralOperator: typeof referralOperatorEndpoints;
  feedback: typeof feedbackEndpoints;
  operatorMessage: typeof operatorMessageEndpoints;
  feedbackOperator: typeof feedbackOperatorEndpoints;
  mission: typeof missionEndpoints;
  missionOperator: typeof missionOperatorEndpoints;
  sportsDesk: typeof sportsDeskEndpoints;
}

/**
 * The full endpoint of a route, for types: a client that imported only `systemRoutes.status` (no
 * zod, no schemas) still gets the query, body and answer types of `systemEndpoints.status`. An
 * endpoint stays itself.
 */
export type EndpointOf<T> = T extends Endpoint
  ? T
  : T extends RouteName<infer G, infer N>
    ? G extends keyof EndpointGroups
      ? N extends keyof EndpointGroups[G]
        ? EndpointGroups[G][N]
        : never
      : never
    : never;
