import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/index.ts';

/** Form messages are translation keys (client rules) or ready text (server answers). */
export const useFieldMessage = () => {
  const { t, i18n } = useTranslation();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    return i18n.exists(message) ? t(message as TranslationKey) : message;
  };
};
