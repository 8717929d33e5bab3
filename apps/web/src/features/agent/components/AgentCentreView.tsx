import { Spinner } from '../../../components/ui/index.ts';
import type { AgentPage } from '../pages.ts';
import { useAgentText } from '../hooks/useAgentText.ts';
import { AnnouncementsPage } from './pages/AnnouncementsPage.tsx';
import { DownlinesPage } from './pages/DownlinesPage.tsx';
import { IncomePage } from './pages/IncomePage.tsx';
import { ProfitLossPage } from './pages/ProfitLossPage.tsx';
import { RegisterCenterPage } from './pages/RegisterCenterPage.tsx';
import { SalaryPage } from './pages/SalaryPage.tsx';
import { TeamBetsPage } from './pages/TeamBetsPage.tsx';
import { TeamOverviewPage } from './pages/TeamOverviewPage.tsx';
import { TransactionsPage } from './pages/TransactionsPage.tsx';
import { PendingRequests } from './PendingRequests.tsx';
import '../agent-pages.css';

const PAGES: Record<AgentPage, () => React.JSX.Element> = {
  agentAnnouncement: AnnouncementsPage,
  agentTeamOverview: TeamOverviewPage,
  registerCenter: RegisterCenterPage,
  downlineManagmentView: DownlinesPage,
  personalHistoryCopy: TeamBetsPage,
  palStatementsAgentCopy: ProfitLossPage,
  agentRevenueReport: IncomePage,
  agentDownlineTransactionDetailsCopy: TransactionsPage,
  agentDividendRecordCopy2: () => <SalaryPage kind="dividend" />,
  agentDailyWages2: () => <SalaryPage kind="daily" />,
  agentHourSalary: () => <SalaryPage kind="hourly" />,
  agentRealtimeSalary: () => <SalaryPage kind="realtime" />,
};

/** The selected agent-centre page, once the centre's texts are in. */
export function AgentCentreView({ page }: { page: AgentPage }) {
  const { ready } = useAgentText();
  if (!ready) return <Spinner />;
  const Page = PAGES[page];
  return (
    <>
      <PendingRequests />
      <Page key={page} />
    </>
  );
}
