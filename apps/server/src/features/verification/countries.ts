import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The country table geoip-country itself uses (names and phone codes), shipped with npm.
const { countries } = require('countries-list') as {
  countries: Record<string, { name: string; phone: number[]; currency: string[] }>;
};

export interface CountryEntry {
  countryCode: string;
  countryDialingCode: string;
  name: string;
}

/** Every country with a dialing code, by name (spec §3 Country: countryCode, countryDialingCode). */
export const COUNTRY_LIST: CountryEntry[] = Object.entries(countries)
  .filter(([, c]) => c.phone.length > 0)
  .map(([code, c]) => ({ countryCode: code, countryDialingCode: String(c.phone[0]), name: c.name }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** The visitor's country when known and listed, else the first country using the brand's currency. */
export const defaultCountryFor = (visitorCountry: string | null, currency: string): string => {
  if (visitorCountry && countries[visitorCountry]?.phone.length) return visitorCountry;
  const byCurrency = Object.entries(countries).find(([, c]) => c.currency.includes(currency));
  return byCurrency?.[0] ?? 'BR';
};
