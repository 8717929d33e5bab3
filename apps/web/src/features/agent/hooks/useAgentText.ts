import { createLazyTexts, type TypedT } from '../../../i18n/lazyTexts.ts';
import type { AgentTextKey } from '../i18n/en.ts';

/** The agent centre's texts: a chunk per language, loaded when the centre opens. */
const texts = createLazyTexts<AgentTextKey>({
  en: () => import('../i18n/en.ts'),
  pt: () => import('../i18n/pt.ts'),
  zh: () => import('../i18n/zh.ts'),
  ja: () => import('../i18n/ja.ts'),
  th: () => import('../i18n/th.ts'),
  vi: () => import('../i18n/vi.ts'),
  es: () => import('../i18n/es.ts'),
});

export type AgentT = TypedT<AgentTextKey>;
export const ensureAgentTexts = texts.ensure;
export const useAgentText = texts.useTexts;
