import net from 'node:net';
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

const blockListOf = (cidrs: string[]): net.BlockList => {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [addr, bits] = cidr.split('/');
    if (!addr) continue;
    const type = net.isIPv6(addr) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list;
};

const matches = (list: net.BlockList, ip: string): boolean => {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const type = net.isIPv6(plain) ? 'ipv6' : 'ipv4';
  try {
    return list.check(plain, type);
  } catch {
    return false;
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
  if (rules.cidrAllow.length && matches(blockListOf(rules.cidrAllow), ip)) return { restricted: false, country };
  if (rules.cidrBlock.length && matches(blockListOf(rules.cidrBlock), ip)) return { restricted: true, country };
  if (country && rules.blockedCountries.includes(country)) return { restricted: true, country };
  if (rules.allowedCountries.length && (!country || !rules.allowedCountries.includes(country))) {
    return { restricted: true, country };
  }
  return { restricted: false, country };
};

export const isValidCidr = (value: string): boolean => {
  const [addr, bits, extra] = value.split('/');
  if (!addr || extra !== undefined) return false;
  const v = net.isIP(addr);
  if (!v) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (v === 4 ? 32 : 128);
};
