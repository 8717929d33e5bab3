import { DEFAULT_AC_PAGE, type Whitelabel } from '@app/contract';
import type { IconName } from '../../components/ui/index.ts';

/** Agent centre pages of spec §2; `?page=` selects one. */
export const AGENT_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const;
export type AgentPage = (typeof AGENT_PAGES)[number];

export type AgentMenuEntry =
  | { kind: 'page'; page: AgentPage; icon: IconName }
  | { kind: 'link'; key: 'ac_deposit' | 'ac_withdraw' | 'ac_messages'; to: string; icon: IconName }
  | { kind: 'customerService'; key: 'ac_customerService'; icon: IconName };

/** Spec §2 agent menu order. Dividend and real-time salary follow their contract features. */
export const agentMenu = (features: Whitelabel['features']): AgentMenuEntry[] => [
  { kind: 'link', key: 'ac_deposit', to: '/member?page=depositv2', icon: 'wallet' },
  { kind: 'link', key: 'ac_withdraw', to: '/member?page=withdraw', icon: 'download' },
  { kind: 'page', page: 'agentAnnouncement', icon: 'megaphone' },
  { kind: 'page', page: 'agentTeamOverview', icon: 'chart' },
  { kind: 'page', page: 'registerCenter', icon: 'user' },
  { kind: 'page', page: 'downlineManagmentView', icon: 'users' },
  { kind: 'page', page: 'personalHistoryCopy', icon: 'receipt' },
  { kind: 'page', page: 'palStatementsAgentCopy', icon: 'chart' },
  { kind: 'page', page: 'agentRevenueReport', icon: 'trophy' },
  { kind: 'page', page: 'agentDownlineTransactionDetailsCopy', icon: 'receipt' },
  ...(features.dividendContract ? [{ kind: 'page', page: 'agentDividendRecordCopy2', icon: 'gift' } as const] : []),
  { kind: 'page', page: 'agentDailyWages2', icon: 'clock' },
  { kind: 'page', page: 'agentHourSalary', icon: 'clock' },
  ...(features.realtimeSalaryContract ? [{ kind: 'page', page: 'agentRealtimeSalary', icon: 'flame' } as const] : []),
  { kind: 'link', key: 'ac_messages', to: '/member?page=messageV2', icon: 'message' },
  { kind: 'customerService', key: 'ac_customerService', icon: 'headset' },
];

export const agentPageOf = (value: string | null, available: readonly AgentPage[]): AgentPage =>
  value !== null && (available as readonly string[]).includes(value)
    ? (value as AgentPage)
    : (DEFAULT_AC_PAGE as AgentPage);

/** The contract kind whose records a page shows (its menu entry follows the consolidated flags). */
export const contractKindOfPage = (page: AgentPage): 'dividend' | 'daily' | 'hourly' | 'realtime' | null =>
  (
    ({
      agentDividendRecordCopy2: 'dividend',
      agentDailyWages2: 'daily',
      agentHourSalary: 'hourly',
      agentRealtimeSalary: 'realtime',
    }) as const
  )[page as 'agentDailyWages2'] ?? null;
