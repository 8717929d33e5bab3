import net from 'node:net';

/** Addresses and CIDR ranges (IPv4 and IPv6): validation and matching with node's BlockList. */

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is its IPv4 address. */
const plainOf = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip);

export const isValidCidr = (value: string): boolean => {
  const [addr, bits, extra] = value.split('/');
  if (!addr || extra !== undefined) return false;
  const v = net.isIP(addr);
  if (!v) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (v === 4 ? 32 : 128);
};

/** A test for "is this address in one of these ranges"; entries must have passed isValidCidr. */
export const cidrMatcher = (cidrs: readonly string[]): ((ip: string) => boolean) => {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [addr, bits] = cidr.split('/');
    if (!addr) continue;
    const type = net.isIPv6(addr) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return (ip) => {
    const plain = plainOf(ip);
    try {
      return list.check(plain, net.isIPv6(plain) ? 'ipv6' : 'ipv4');
    } catch {
      return false;
    }
  };
};
