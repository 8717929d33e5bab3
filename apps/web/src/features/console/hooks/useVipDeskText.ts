import { createLazyTexts, type TypedT } from '../../../i18n/lazyTexts.ts';
import type { VipDeskTextKey } from '../i18n/vip/en.ts';

/** The VIP desk's texts (decision 074): a chunk per language, loaded when the desk opens. */
const texts = createLazyTexts<VipDeskTextKey>({
  en: () => import('../i18n/vip/en.ts'),
  pt: () => import('../i18n/vip/pt.ts'),
  zh: () => import('../i18n/vip/zh.ts'),
  ja: () => import('../i18n/vip/ja.ts'),
  th: () => import('../i18n/vip/th.ts'),
  vi: () => import('../i18n/vip/vi.ts'),
  es: () => import('../i18n/vip/es.ts'),
});

export type VipDeskT = TypedT<VipDeskTextKey>;
export const useVipDeskText = texts.useTexts;
