import { createLazyTexts, type TypedT } from '../../../i18n/lazyTexts.ts';
import type { SupportTextKey } from '../i18n/en.ts';

/** The chat room's texts: a chunk per language, loaded when the room first opens. */
const texts = createLazyTexts<SupportTextKey>({
  en: () => import('../i18n/en.ts'),
  pt: () => import('../i18n/pt.ts'),
  zh: () => import('../i18n/zh.ts'),
  ja: () => import('../i18n/ja.ts'),
  th: () => import('../i18n/th.ts'),
  vi: () => import('../i18n/vi.ts'),
  es: () => import('../i18n/es.ts'),
});

export type SupportT = TypedT<SupportTextKey>;
export const useSupportText = texts.useTexts;
export const ensureSupportTexts = texts.ensure;
