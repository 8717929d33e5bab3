import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../api/countries.ts';

export interface CountryCodeSelectProps {
  value: string;
  onChange: (dialingCode: string) => void;
  ref?: Ref<HTMLSelectElement>;
}

/** Country dialing codes (spec §2 SMS tab), '+55 Brazil', the visitor's country first picked. */
export function CountryCodeSelect({ value, onChange, ref }: CountryCodeSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const { data } = useCountries();
  const list = data?.list ?? [];
  return (
    <div className="auth-dial">
      <label htmlFor={id} className="visually-hidden">
        {t('country_code')}
      </label>
      <select
        ref={ref}
        id={id}
        className="field__input auth-dial__select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid="country-code"
      >
        {list.length === 0 ? <option value={value}>+{value}</option> : null}
        {list.map((c) => (
          <option key={c.countryCode} value={c.countryDialingCode}>
            +{c.countryDialingCode} {c.name}
          </option>
        ))}
      </select>
      <span className="auth-dial__shown" aria-hidden="true">
        +{value}
      </span>
    </div>
  );
}

/** The dialing code to start with: the visitor's country from the server, Brazil until it answers. */
export const useDefaultDialingCode = (): string => {
  const { data } = useCountries();
  const found = data?.list.find((c) => c.countryCode === data.defaultCountryCode);
  return found?.countryDialingCode ?? '55';
};
