import type { AppContext } from '../../src/context.ts';
import { demoMerchant } from '../../src/seed/brand.ts';

/**
 * A second white-label brand with its own host names, built like the seeded one. There is no
 * operator API for creating brands yet, so the factory calls the merchant service directly.
 */
export const createMerchant = async (
  ctx: Pick<AppContext, 'merchants'>,
  input: { code: string; siteName: string; hosts: string[]; mirrors?: string[] },
) => {
  const base = demoMerchant(`https://${input.hosts[0] ?? `${input.code}.example`}`);
  return ctx.merchants.create({
    merchant: { ...base, code: input.code, name: input.siteName, siteName: input.siteName, isDefault: false },
    domains: [
      ...input.hosts.map((host, i) => ({ host, isMirror: false, sort: i })),
      ...(input.mirrors ?? []).map((host, i) => ({ host, isMirror: true, sort: 100 + i })),
    ],
  });
};
