import { DEFAULT_MC_PAGE } from '@app/contract';
import type { IconName } from '../../components/ui/index.ts';

/** Member centre pages of spec §2 (and issue 24's responsible gaming), in menu order; `?page=` selects one. */
export const MEMBER_PAGES = [
  'securityCenter',
  'responsibleGaming',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  'feedback',
] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number];

export const MEMBER_PAGE_ICONS: Record<MemberPage, IconName> = {
  securityCenter: 'shield',
  responsibleGaming: 'heart',
  transferFund: 'refresh',
  depositv2: 'wallet',
  withdraw: 'download',
  transferUpline: 'users',
  personalHistoryCopy: 'receipt',
  transactionHistory: 'chart',
  personalProfit: 'trophy',
  bonusDetails: 'gift',
  rewardCenter: 'star',
  referral: 'users',
  missionLeaderboard: 'flame',
  messageV2: 'message',
  manualRebate: 'refresh',
  feedback: 'edit',
};

/** Entries that carry a badge count (spec §2). */
export const BADGED_PAGES: readonly MemberPage[] = ['missionLeaderboard', 'messageV2', 'rewardCenter', 'manualRebate'];

export const isMemberPage = (value: string | null): value is MemberPage =>
  value !== null && (MEMBER_PAGES as readonly string[]).includes(value);

export const memberPageOf = (value: string | null): MemberPage =>
  isMemberPage(value) ? value : (DEFAULT_MC_PAGE as MemberPage);
