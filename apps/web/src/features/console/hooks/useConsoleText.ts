import { createLazyTexts, type TypedT } from '../../../i18n/lazyTexts.ts';
import type { ConsoleTextKey } from '../i18n/en.ts';

/** The operator console's texts: a chunk per language, loaded when the console opens. */
const texts = createLazyTexts<ConsoleTextKey>({
  en: () => import('../i18n/en.ts'),
  pt: () => import('../i18n/pt.ts'),
  zh: () => import('../i18n/zh.ts'),
  ja: () => import('../i18n/ja.ts'),
  th: () => import('../i18n/th.ts'),
  vi: () => import('../i18n/vi.ts'),
  es: () => import('../i18n/es.ts'),
});

export type ConsoleT = TypedT<ConsoleTextKey>;
export const useConsoleText = texts.useTexts;
