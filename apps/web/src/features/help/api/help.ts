import type { contentEndpoints, Endpoint } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../../lib/api/index.ts';
import { isAppLanguage, toContractLanguage } from '../../../i18n/languages.ts';

/** getHelpV2 by route only (the contract's objects stay out of the first load; see system/api/status.ts). */
export const helpEndpoint = { method: 'GET', path: '/wps/relay/getHelpV2', auth: 'none' } as const satisfies Pick<
  Endpoint,
  'method' | 'path' | 'auth'
> as unknown as typeof contentEndpoints.help;

/** The help centre's articles in the interface language (device WEB), one per term. */
export const useHelpArticles = () => {
  const { i18n } = useTranslation();
  const lang = toContractLanguage(isAppLanguage(i18n.language) ? i18n.language : 'pt');
  return useEndpointQuery(
    helpEndpoint,
    { query: { lang, device: 'WEB' } },
    { languageDependent: true, staleTime: 10 * 60_000 },
  );
};
