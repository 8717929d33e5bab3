import type { Language } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { isAppLanguage, toContractLanguage } from '../../../i18n/languages.ts';

/** The interface language as the lobby calls spell it (PT, EN, …). */
export const useCatalogueLanguage = (): Language => {
  const { i18n } = useTranslation();
  return toContractLanguage(isAppLanguage(i18n.language) ? i18n.language : 'pt');
};
