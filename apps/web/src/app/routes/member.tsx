import { SecurityCenter } from '../../features/auth/components/SecurityCenter.tsx';
import { MemberCentrePage } from '../../features/member/MemberCentrePage.tsx';
import { BetHistoryPage } from '../../features/games/components/BetHistoryPage.tsx';

/** The member centre frame with the pages the features provide. */
const pages = { securityCenter: SecurityCenter, personalHistoryCopy: BetHistoryPage };

export default function MemberRoute() {
  return <MemberCentrePage pages={pages} />;
}
