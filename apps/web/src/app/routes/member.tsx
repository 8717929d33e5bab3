import { SecurityCenter } from '../../features/auth/components/SecurityCenter.tsx';
import { MemberCentrePage } from '../../features/member/MemberCentrePage.tsx';
import { useUnreadMessages } from '../../features/wallet/index.ts';
import { WALLET_PAGES } from '../../features/wallet/pages.ts';
import { PROMOTION_PAGES, useRebate, useRewards } from '../../features/promotions/pages.ts';
import { MISSION_PAGES, useMissions } from '../../features/missions/pages.ts';
import { BetHistoryPage } from '../../features/games/components/BetHistoryPage.tsx';
import { ResponsibleGamingPage } from '../../features/protection/components/ResponsibleGamingPage.tsx';

/** The member centre frame with the pages the features provide. */
const pages = {
  securityCenter: SecurityCenter,
  responsibleGaming: ResponsibleGamingPage,
  personalHistoryCopy: BetHistoryPage,
  ...WALLET_PAGES,
  ...PROMOTION_PAGES,
  ...MISSION_PAGES,
};

export default function MemberRoute() {
  const unread = useUnreadMessages().data?.count ?? 0;
  const rewards = useRewards().data?.count ?? 0;
  const rebate = useRebate().data?.count ?? 0;
  const missions = useMissions().data?.count ?? 0;
  return (
    <MemberCentrePage
      pages={pages}
      badges={{ messageV2: unread, rewardCenter: rewards, manualRebate: rebate, missionLeaderboard: missions }}
    />
  );
}
