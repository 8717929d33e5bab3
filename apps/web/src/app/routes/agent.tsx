import { AgentHomePage } from '../../features/agent/AgentHomePage.tsx';
import { AgentLoginPage } from '../../features/agent/AgentLoginPage.tsx';
import { AgentLoginForm } from '../../features/auth/components/AgentLoginForm.tsx';

/** The agent area: login (/agent) and the centre (/agentHome). */
export const AgentLoginRoute = () => <AgentLoginPage form={<AgentLoginForm />} />;
export const AgentHomeRoute = () => <AgentHomePage />;
