import { createLazyTexts, type TypedT } from '../../../i18n/lazyTexts.ts';
import type { SiteDeskTextKey } from '../i18n/site/en.ts';

/** The content and brand desks' texts (decision 082): a chunk per language, loaded when a desk opens. */
const texts = createLazyTexts<SiteDeskTextKey>({
  en: () => import('../i18n/site/en.ts'),
  pt: () => import('../i18n/site/pt.ts'),
  zh: () => import('../i18n/site/zh.ts'),
  ja: () => import('../i18n/site/ja.ts'),
  th: () => import('../i18n/site/th.ts'),
  vi: () => import('../i18n/site/vi.ts'),
  es: () => import('../i18n/site/es.ts'),
});

export type SiteDeskT = TypedT<SiteDeskTextKey>;
export const useSiteDeskText = texts.useTexts;
