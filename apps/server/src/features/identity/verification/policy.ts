import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';

/** How numbers and addresses are keyed and shown, the captcha cookie, and the country list. */

/** Phone numbers are keyed as '<dialing code> <digits>' so the same digits in two countries differ. */
export const phoneTarget = (countryDialingCode: string, mobile: string) => `${countryDialingCode} ${mobile}`;

/** '+55 119****4321': enough to recognise, not enough to harvest. */
export const maskPhone = (countryDialingCode: string, mobile: string) => {
  const keep = Math.min(4, Math.max(0, mobile.length - 4));
  const head = mobile.slice(0, Math.min(3, mobile.length - keep));
  const tail = mobile.slice(mobile.length - keep);
  return `+${countryDialingCode} ${head}${'*'.repeat(Math.max(2, mobile.length - head.length - tail.length))}${tail}`;
};

/** 'ab***@example.com'. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***@${domain}`;
};

/** The browser's captcha id travels in this HttpOnly cookie, so the answer stays on the server. */
export const CAPTCHA_COOKIE = 'lotus_cid';

export const readCookie = (header: string | string[] | undefined, name: string): string | null => {
  const raw = Array.isArray(header) ? header.join(';') : (header ?? '');
  for (const part of raw.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      const value = part.slice(i + 1).trim();
      return /^[\w-]{16,64}$/.test(value) ? value : null;
    }
  }
  return null;
};

/** The captcha id of the browser making a request, from its cookie (null when it has none). */
export const captchaClientId = (req: Pick<FastifyRequest, 'headers'>) => readCookie(req.headers.cookie, CAPTCHA_COOKIE);

export const captchaCookie = (id: string, secure: boolean) =>
  `${CAPTCHA_COOKIE}=${id}; Path=/wps; HttpOnly; SameSite=Lax; Max-Age=86400${secure ? '; Secure' : ''}`;

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
