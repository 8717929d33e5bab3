import { BonusDetailsPage } from './components/BonusDetailsPage.tsx';
import { ManualRebatePage } from './components/ManualRebatePage.tsx';
import { ReferralPage } from './components/ReferralPage.tsx';
import { RewardCenterPage } from './components/RewardCenterPage.tsx';

/** The member-centre pages the promotions provide (spec §2), by their page name. Lazy with /member. */
export const PROMOTION_PAGES = {
  rewardCenter: RewardCenterPage,
  bonusDetails: BonusDetailsPage,
  manualRebate: ManualRebatePage,
  referral: ReferralPage,
};

export { useRewards } from './api/promotions.ts';
export { useRebate } from './api/rebate.ts';
