import { contentRoutes } from '@app/contract/routes/content';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../../lib/api/index.ts';
import { isAppLanguage, toContractLanguage } from '../../../i18n/languages.ts';

/** The help centre's articles in the interface language (device WEB), one per term. */
export const useHelpArticles = () => {
  const { i18n } = useTranslation();
  const lang = toContractLanguage(isAppLanguage(i18n.language) ? i18n.language : 'pt');
  return useEndpointQuery(
    contentRoutes.help,
    { query: { lang, device: 'WEB' } },
    { languageDependent: true, staleTime: 10 * 60_000 },
  );
};
