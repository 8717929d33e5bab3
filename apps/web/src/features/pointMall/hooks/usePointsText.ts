import { createLazyTexts, type TypedT } from '../../../i18n/lazyTexts.ts';
import type { PointsTextKey } from '../i18n/en.ts';

/** The points mall's texts: a chunk per language, loaded with the page and the menu chip. */
const texts = createLazyTexts<PointsTextKey>({
  en: () => import('../i18n/en.ts'),
  pt: () => import('../i18n/pt.ts'),
  zh: () => import('../i18n/zh.ts'),
  ja: () => import('../i18n/ja.ts'),
  th: () => import('../i18n/th.ts'),
  vi: () => import('../i18n/vi.ts'),
  es: () => import('../i18n/es.ts'),
});

export type PointsT = TypedT<PointsTextKey>;
export const usePointsText = texts.useTexts;
