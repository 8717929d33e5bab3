import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Tabs } from '../../../components/ui/index.ts';
import { useLiveFeed } from '../../../lib/live/feed.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { setOperatorSession, useOperatorSession } from '../api/client.ts';
import { useOperatorLogout } from '../api/logout.ts';
import { SUPPORT_KEY, useSupportDeskUnread } from '../api/support.ts';
import { useConsoleText } from '../hooks/useConsoleText.ts';
import { AccountSteps, PasswordForm } from './AccountSteps.tsx';
import { AdjustPanel } from './AdjustPanel.tsx';
import { AuditDesk } from './AuditDesk.tsx';
import { BrandDesk } from './BrandDesk.tsx';
import { ContentDesk } from './ContentDesk.tsx';
import { DashboardDesk } from './DashboardDesk.tsx';
import { MembersDesk } from './MembersDesk.tsx';
import { ReportsDesk } from './ReportsDesk.tsx';
import { DeskCard } from './parts.tsx';
import { OperatorsDesk } from './OperatorsDesk.tsx';
import { CatalogueDesk } from './CatalogueDesk.tsx';
import { DepositsDesk } from './DepositsDesk.tsx';
import { DomainsDesk } from './DomainsDesk.tsx';
import { PointsDesk } from './PointsDesk.tsx';
import { FeedbackDesk } from './FeedbackDesk.tsx';
import { MessagesDesk } from './MessagesDesk.tsx';
import { MissionsDesk } from './MissionsDesk.tsx';
import { PromotionsDesk } from './PromotionsDesk.tsx';
import { HeldWinsDesk } from './HeldWinsDesk.tsx';
import { LotteryDrawsDesk } from './LotteryDrawsDesk.tsx';
import { LotteryGamesDesk } from './LotteryGamesDesk.tsx';
import { SportsDesk } from './SportsDesk.tsx';
import { LoginPanel } from './LoginPanel.tsx';
import { SiteDesk } from './SiteDesk.tsx';
import { SupportDesk } from './SupportDesk.tsx';
import { ProtectionDesk } from './ProtectionDesk.tsx';
import { VendorsDesk } from './VendorsDesk.tsx';
import { VipDesk } from './VipDesk.tsx';
import { WalletRulesDesk } from './WalletRulesDesk.tsx';
import { WithdrawalsDesk } from './WithdrawalsDesk.tsx';
import '../console.css';

type Tab =
  | 'dashboard'
  | 'reports'
  | 'members'
  | 'deposits'
  | 'withdrawals'
  | 'cases'
  | 'adjust'
  | 'rules'
  | 'held'
  | 'draws'
  | 'lottery'
  | 'sports'
  | 'vendors'
  | 'catalogue'
  | 'domains'
  | 'content'
  | 'site'
  | 'brand'
  | 'promotions'
  | 'missions'
  | 'points'
  | 'vip'
  | 'support'
  | 'messages'
  | 'feedback'
  | 'protection'
  | 'operators'
  | 'audit'
  | 'account';

/** Roles that edit the site's content (the contract's content roles, plus admin). */
const EDITS_CONTENT = new Set(['content', 'admin']);
/** Roles that run promotions (the contract's promotion roles, plus admin). */
const RUNS_PROMOTIONS = new Set(['content', 'finance', 'admin']);

/** Roles that run the points mall (the contract's points desk roles, plus admin). */
const RUNS_POINTS = new Set(['finance', 'admin']);
/** Roles that read the business dashboard and the reports (the contract's, plus admin: decisions 069, 084). */
const READS_FIGURES = new Set(['finance', 'admin']);
const KEEPS_MEMBERS = new Set(['support', 'finance', 'admin']);

/** Roles that write messages and answer feedback (the contract's message roles, plus admin: issue 20). */
const SPEAKS_FOR_BRAND = new Set(['content', 'support', 'admin']);

/** Roles that answer customer service (the contract's SUPPORT roles, plus admin). */
const ANSWERS_SUPPORT = new Set(['support', 'admin']);

/**
 * /console: the operator's desk. Money (issue 5: review, payouts, receipt cases, adjustments, the
 * wallet rules), the game providers (issue 6), the lobby's catalogue (vendor order and switches, hot
 * games), the mirror domains and the site's switches (maintenance, region rules).
 */
export function ConsoleApp() {
  const { t, ready } = useConsoleText();
  const { siteName } = useWhitelabel();
  const session = useOperatorSession();
  const logout = useOperatorLogout();
  const [chosen, setTab] = useState<Tab | null>(null);
  // A support operator starts at the customer-service desk; everyone else at deposits.
  const tab: Tab = chosen ?? (session?.role === 'support' ? 'support' : 'deposits');
  const queryClient = useQueryClient();
  // Only a complete login (no step pending) opens the desks and their feed.
  const answers = !!session && !session.pending.length && ANSWERS_SUPPORT.has(session.role);
  const deskUnread = useSupportDeskUnread(answers);
  // The operator feed (decision 057): a member's new message refreshes the desk and its badge.
  useLiveFeed(answers ? session.token : null, (e) => {
    if (e.event === 'support') void queryClient.invalidateQueries({ queryKey: SUPPORT_KEY });
  });
  const [passwordChanged, setPasswordChanged] = useState(false);
  if (!ready) return null;
  if (!session) return <LoginPanel t={t} />;
  // A login that still owes a step (code, new password, authenticator) shows only that step.
  if (session.pending.length) return <AccountSteps session={session} t={t} />;
  const isAdmin = session.role === 'admin';
  const runsPromotions = RUNS_PROMOTIONS.has(session.role);
  const runsPoints = RUNS_POINTS.has(session.role);
  const readsFigures = READS_FIGURES.has(session.role);
  const keepsMembers = KEEPS_MEMBERS.has(session.role);
  return (
    <div className="console" data-testid="console">
      <header className="console-header">
        <h1 className="console-header__title">{t('cs_title', { site: siteName })}</h1>
        <div className="console-header__who">
          <span data-testid="console-operator">
            {session.username} · {t(`cs_role_${session.role}` as Parameters<typeof t>[0])}
          </span>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => logout.mutate(undefined, { onSettled: () => setOperatorSession(null) })}
          >
            {t('cs_logout')}
          </Button>
        </div>
      </header>
      <main className="console-main">
        <Tabs
          label={t('cs_sections')}
          value={tab}
          onChange={setTab}
          variant="underline"
          items={[
            ...(readsFigures ? [{ id: 'dashboard' as const, label: t('bo_dashboard') }] : []),
            ...(readsFigures ? [{ id: 'reports' as const, label: t('rp_tab') }] : []),
            ...(keepsMembers ? [{ id: 'members' as const, label: t('mb_tab') }] : []),
            { id: 'deposits', label: t('cs_deposits') },
            { id: 'withdrawals', label: t('cs_withdrawals') },
            { id: 'cases', label: t('cs_cases') },
            { id: 'adjust', label: t('cs_adjust') },
            { id: 'rules', label: t('cs_wallet_rules') },
            { id: 'held', label: t('cs_held_wins') },
            ...(isAdmin || session.role === 'finance' ? [{ id: 'draws' as const, label: t('ld_tab') }] : []),
            ...(isAdmin || session.role === 'finance' ? [{ id: 'lottery' as const, label: t('lg_tab') }] : []),
            ...(isAdmin || session.role === 'finance' ? [{ id: 'sports' as const, label: t('sd_tab') }] : []),
            { id: 'vendors', label: t('cs_vendors') },
            { id: 'catalogue', label: t('cs_catalogue') },
            ...(EDITS_CONTENT.has(session.role) ? [{ id: 'content' as const, label: t('cs_content') }] : []),
            { id: 'domains', label: t('cs_domains') },
            { id: 'site', label: t('cs_site') },
            ...(isAdmin ? [{ id: 'brand' as const, label: t('cs_brand') }] : []),
            ...(runsPromotions ? [{ id: 'promotions' as const, label: t('cs_promotions') }] : []),
            ...(runsPromotions ? [{ id: 'missions' as const, label: t('cs_ms_tab') }] : []),
            ...(runsPoints ? [{ id: 'points' as const, label: t('cs_points') }] : []),
            ...(runsPromotions ? [{ id: 'vip' as const, label: 'VIP' }] : []),
            ...(answers
              ? [
                  {
                    id: 'support' as const,
                    label: t('cs_support'),
                    badge: deskUnread.data?.count ? String(deskUnread.data.count) : undefined,
                  },
                ]
              : []),
            ...(answers ? [{ id: 'protection' as const, label: t('pd_tab') }] : []),
            ...(SPEAKS_FOR_BRAND.has(session.role)
              ? [
                  { id: 'messages' as const, label: t('ms_tab') },
                  { id: 'feedback' as const, label: t('fd_tab') },
                ]
              : []),
            ...(isAdmin
              ? [
                  { id: 'operators' as const, label: t('cs_operators') },
                  { id: 'audit' as const, label: t('cs_audit') },
                ]
              : []),
            { id: 'account', label: t('cs_account') },
          ]}
        />
        <div className="console-panel">
          {tab === 'dashboard' && readsFigures ? <DashboardDesk t={t} onOpenDesk={setTab} /> : null}
          {tab === 'reports' && readsFigures ? <ReportsDesk t={t} /> : null}
          {tab === 'members' && keepsMembers ? <MembersDesk t={t} role={session.role} /> : null}
          {tab === 'deposits' ? <DepositsDesk t={t} /> : null}
          {tab === 'withdrawals' ? <WithdrawalsDesk t={t} /> : null}
          {tab === 'cases' ? <WithdrawalsDesk t={t} cases /> : null}
          {tab === 'adjust' ? <AdjustPanel t={t} /> : null}
          {tab === 'rules' ? <WalletRulesDesk t={t} /> : null}
          {tab === 'held' ? <HeldWinsDesk t={t} /> : null}
          {tab === 'draws' && (isAdmin || session.role === 'finance') ? <LotteryDrawsDesk t={t} /> : null}
          {tab === 'lottery' && (isAdmin || session.role === 'finance') ? <LotteryGamesDesk t={t} /> : null}
          {tab === 'sports' && (isAdmin || session.role === 'finance') ? <SportsDesk t={t} isAdmin={isAdmin} /> : null}
          {tab === 'vendors' ? <VendorsDesk t={t} /> : null}
          {tab === 'catalogue' ? <CatalogueDesk t={t} /> : null}
          {tab === 'domains' ? <DomainsDesk t={t} /> : null}
          {tab === 'content' && EDITS_CONTENT.has(session.role) ? <ContentDesk t={t} /> : null}
          {tab === 'site' ? <SiteDesk t={t} /> : null}
          {tab === 'brand' && isAdmin ? <BrandDesk t={t} /> : null}
          {tab === 'promotions' && runsPromotions ? <PromotionsDesk t={t} /> : null}
          {tab === 'missions' && runsPromotions ? <MissionsDesk t={t} /> : null}
          {tab === 'points' && runsPoints ? <PointsDesk t={t} /> : null}
          {tab === 'vip' && runsPromotions ? <VipDesk t={t} /> : null}
          {tab === 'support' ? <SupportDesk t={t} /> : null}
          {tab === 'protection' && answers ? <ProtectionDesk t={t} isAdmin={isAdmin} /> : null}
          {tab === 'messages' && SPEAKS_FOR_BRAND.has(session.role) ? <MessagesDesk t={t} /> : null}
          {tab === 'feedback' && SPEAKS_FOR_BRAND.has(session.role) ? <FeedbackDesk t={t} /> : null}
          {tab === 'operators' && isAdmin ? <OperatorsDesk t={t} /> : null}
          {tab === 'audit' && isAdmin ? <AuditDesk t={t} /> : null}
          {tab === 'account' ? (
            <DeskCard id="account-password" title={t('cs_change_password')} hint={t('cs_change_password_hint')}>
              <PasswordForm t={t} onDone={() => setPasswordChanged(true)} />
              {passwordChanged ? (
                <p className="console-ok" role="status" data-testid="console-password-changed">
                  {t('cs_password_changed')}
                </p>
              ) : null}
            </DeskCard>
          ) : null}
        </div>
      </main>
    </div>
  );
}
