import { AgentHomePage } from '../../features/agent/AgentHomePage.tsx';
import { AgentLoginPage } from '../../features/agent/AgentLoginPage.tsx';

/** The agent area: login (/agent) and the centre (/agentHome). */
export const AgentLoginRoute = () => <AgentLoginPage />;
export const AgentHomeRoute = () => <AgentHomePage />;
