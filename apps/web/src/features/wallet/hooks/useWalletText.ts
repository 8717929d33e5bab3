import { createLazyTexts, type TypedT } from '../../../i18n/lazyTexts.ts';
import type { WalletTextKey } from '../i18n/en.ts';

/** The wallet's texts (member-centre pages, messages): a chunk per language, loaded on first use. */
const texts = createLazyTexts<WalletTextKey>({
  en: () => import('../i18n/en.ts'),
  pt: () => import('../i18n/pt.ts'),
  zh: () => import('../i18n/zh.ts'),
  ja: () => import('../i18n/ja.ts'),
  th: () => import('../i18n/th.ts'),
  vi: () => import('../i18n/vi.ts'),
  es: () => import('../i18n/es.ts'),
});

export type WalletT = TypedT<WalletTextKey>;
export const ensureWalletTexts = texts.ensure;
export const useWalletText = texts.useTexts;
