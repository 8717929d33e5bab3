import type { PublicPromotion } from '@app/contract';
import { createContext, useContext, type ComponentType } from 'react';
import type { AppLanguage } from '../i18n/index.ts';

/**
 * How the console previews a promotion as players see it (decision 089). Features do not import
 * each other, so the player site's promotions feature provides the preview and the app hands it to
 * the console through this context (the console shows no preview without one).
 */
export type PromotionPreviewProps = { promotion: PublicPromotion; language: AppLanguage };
export const PromotionPreviewContext = createContext<ComponentType<PromotionPreviewProps> | null>(null);
export const usePromotionPreview = () => useContext(PromotionPreviewContext);
