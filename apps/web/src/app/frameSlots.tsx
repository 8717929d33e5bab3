import type { FrameSlots } from '../features/shell/components/PlayerLayout.tsx';
import { FooterProviders, HeaderCategoryNav, NoticeBell } from '../features/lobby/index.ts';
import { PointsMenuChip } from '../features/pointMall/menu.ts';
import { SidePromotions } from '../features/promotions/side.ts';
import { RedEnvelopeBell } from '../features/agent/RedEnvelopeBell.tsx';
import { SessionClock } from '../features/protection/index.ts';
import { SupportHeaderButton } from '../features/support/index.ts';
import { VipLive } from '../features/vip/index.ts';
import { WalletLive, useHeaderBalance } from '../features/wallet/index.ts';

/** The lobby's pieces of the player frame (spec §2 header, side menu and footer). */
export const frameSlots: FrameSlots = {
  headerNav: <HeaderCategoryNav />,
  headerActions: (
    <>
      <SessionClock />
      <RedEnvelopeBell />
      <NoticeBell />
      <SupportHeaderButton />
      <WalletLive />
      <VipLive />
    </>
  ),
  sideMenu: (onNavigate) => <SidePromotions onNavigate={onNavigate} />,
  footerProviders: <FooterProviders />,
  useMemberBalance: useHeaderBalance,
  memberMenu: <PointsMenuChip />,
};
