import type { AgentText } from './en.ts';
import en from './en.ts';

const t: AgentText = { ...en };
export default t;
