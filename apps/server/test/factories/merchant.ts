import * as merchantData from '../../src/features/merchant/data.ts';
import type { AppContext } from '../../src/context.ts';
import { demoMerchant } from '../../src/seed/brand.ts';

/**
 * A second white-label brand with its own host names, built like the seeded one. There is no
 * operator API for creating brands yet, so the factory uses the merchant feature's data layer.
 */
export const createMerchant = async (
  ctx: AppContext,
  input: { code: string; siteName: string; hosts: string[]; mirrors?: string[] },
) => {
  const base = demoMerchant(`https://${input.hosts[0] ?? `${input.code}.example`}`);
  const merchant = await merchantData.insertMerchant(ctx.db, {
    ...base,
    code: input.code,
    name: input.siteName,
    siteName: input.siteName,
    isDefault: false,
  });
  await merchantData.insertDomains(ctx.db, [
    ...input.hosts.map((host, i) => ({ merchantId: merchant.id, host, isMirror: false, sort: i })),
    ...(input.mirrors ?? []).map((host, i) => ({ merchantId: merchant.id, host, isMirror: true, sort: 100 + i })),
  ]);
  ctx.merchants.invalidate();
  return merchant;
};
