import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/index.ts';
import {
  LANGUAGE_NAMES,
  changeLanguage,
  currentLanguage,
  fromContractLanguage,
  isAppLanguage,
  type AppLanguage,
} from '../../../i18n/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';

/** The brand's languages (PT, EN...), plus the current one if it came from an older choice. */
const useLanguageOptions = (): AppLanguage[] => {
  const whitelabel = useWhitelabel();
  const current = currentLanguage();
  const options = whitelabel.languages.map(fromContractLanguage).filter(isAppLanguage);
  return options.includes(current) ? options : [...options, current];
};

export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const options = useLanguageOptions();

  const onChange = (value: string) => {
    if (!isAppLanguage(value)) return;
    changeLanguage(value).catch(() => showToast(t('chunk_load_failed'), 'error'));
  };

  return (
    <div className={`lang-select${compact ? ' lang-select--compact' : ''}`}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'lang-select__label'}>
        {t('language')}
      </label>
      <div className="lang-select__control">
        <Icon name="globe" size={18} className="lang-select__icon" />
        <select
          id={id}
          className="select__control lang-select__select"
          value={i18n.language}
          onChange={(event) => onChange(event.target.value)}
          data-testid="language-select"
        >
          {options.map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {LANGUAGE_NAMES[lng]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
