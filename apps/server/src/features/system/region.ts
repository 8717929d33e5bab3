import { cidrMatcher } from '../../lib/cidr.ts';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// Offline IP-to-country database shipped inside the npm package (no network at run time).
const geoip = require('geoip-country') as { lookup(ip: string): { country: string } | null };

export const countryOf = (ip: string): string | null => {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  try {
    return geoip.lookup(plain)?.country ?? null;
  } catch {
    return null;
  }
};

export interface RegionRules {
  blockedCountries: string[];
  allowedCountries: string[];
  cidrAllow: string[];
  cidrBlock: string[];
}

export interface RegionVerdict {
  restricted: boolean;
  country: string | null;
}

/**
 * The operator's allow list wins over everything, then the block list, then countries. An address
 * whose country is unknown (private ranges, loopback) is served unless an allow-only country list
 * is configured.
 */
export const judgeRegion = (ip: string, rules: RegionRules): RegionVerdict => {
  const country = countryOf(ip);
  if (rules.cidrAllow.length && cidrMatcher(rules.cidrAllow)(ip)) return { restricted: false, country };
  if (rules.cidrBlock.length && cidrMatcher(rules.cidrBlock)(ip)) return { restricted: true, country };
  if (country && rules.blockedCountries.includes(country)) return { restricted: true, country };
  if (rules.allowedCountries.length && (!country || !rules.allowedCountries.includes(country))) {
    return { restricted: true, country };
  }
  return { restricted: false, country };
};

export { isValidCidr } from '../../lib/cidr.ts';
