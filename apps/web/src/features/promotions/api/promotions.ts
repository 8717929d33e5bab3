import { contentRoutes } from '@app/contract/routes/content';
import { useEndpointQuery } from '../../../lib/api/index.ts';
import { isAppLanguage, toContractLanguage } from '../../../i18n/languages.ts';
import { useTranslation } from 'react-i18next';

/** MCSFE_getListAnnouncements with type PR: the running promotions, with their rules. */
export const usePromotions = () => {
  const { i18n } = useTranslation();
  const language = toContractLanguage(isAppLanguage(i18n.language) ? i18n.language : 'pt');
  return useEndpointQuery(
    contentRoutes.listAnnouncements,
    { query: { types: 'PR', platform: 'W', language } },
    { languageDependent: true, staleTime: 60_000, select: (v) => v.promotion },
  );
};
