import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerServiceEntries, merchantDomains, merchantResources, merchants } from '../../db/schema/index.ts';

export type MerchantRow = typeof merchants.$inferSelect;
export type MerchantInsert = typeof merchants.$inferInsert;

type OwnRow<T> = Omit<T, 'id' | 'merchantId'>;

/** A new brand as the seed and tests make one: the merchant and the rows that hang off it. */
export interface NewBrand {
  merchant: MerchantInsert;
  domains: OwnRow<typeof merchantDomains.$inferInsert>[];
  customerService?: OwnRow<typeof customerServiceEntries.$inferInsert>[];
  resources?: OwnRow<typeof merchantResources.$inferInsert>[];
}

export interface Brand {
  merchant: MerchantRow;
  domains: (typeof merchantDomains.$inferSelect)[];
  customerService: (typeof customerServiceEntries.$inferSelect)[];
  resources: (typeof merchantResources.$inferSelect)[];
}

export const findMerchantIdByHost = async (db: Db, host: string): Promise<number | null> => {
  const [row] = await db
    .select({ id: merchantDomains.merchantId })
    .from(merchantDomains)
    .where(eq(merchantDomains.host, host))
    .limit(1);
  return row?.id ?? null;
};

export const findMerchantIdByCode = async (db: Db, code: string): Promise<number | null> => {
  const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code)).limit(1);
  return row?.id ?? null;
};

export const findDefaultMerchantId = async (db: Db): Promise<number | null> => {
  const [row] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.isDefault, true))
    .orderBy(asc(merchants.id))
    .limit(1);
  return row?.id ?? null;
};

export const loadBrand = async (db: Db, merchantId: number): Promise<Brand | null> => {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  if (!merchant) return null;
  const [domains, customerService, resources] = await Promise.all([
    db
      .select()
      .from(merchantDomains)
      .where(eq(merchantDomains.merchantId, merchantId))
      .orderBy(asc(merchantDomains.sort)),
    db
      .select()
      .from(customerServiceEntries)
      .where(eq(customerServiceEntries.merchantId, merchantId))
      .orderBy(asc(customerServiceEntries.sort)),
    db
      .select()
      .from(merchantResources)
      .where(eq(merchantResources.merchantId, merchantId))
      .orderBy(asc(merchantResources.sort)),
  ]);
  return { merchant, domains, customerService, resources };
};

export const updateMerchant = async (db: Db, merchantId: number, values: Partial<MerchantInsert>) => {
  await db
    .update(merchants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(merchants.id, merchantId));
};

/** Writes a new brand; pass a transaction so that it appears whole or not at all. */
export const insertBrand = async (db: Db, brand: NewBrand): Promise<MerchantRow> => {
  const [merchant] = await db.insert(merchants).values(brand.merchant).returning();
  if (!merchant) throw new Error('the merchant was not inserted');
  const own = <T extends object>(rows: T[] = []) => rows.map((r) => ({ ...r, merchantId: merchant.id }));
  if (brand.domains.length) await db.insert(merchantDomains).values(own(brand.domains));
  if (brand.customerService?.length) await db.insert(customerServiceEntries).values(own(brand.customerService));
  if (brand.resources?.length) await db.insert(merchantResources).values(own(brand.resources));
  return merchant;
};

export type CustomerServiceInsert = OwnRow<typeof customerServiceEntries.$inferInsert>;
export type ResourceInsert = OwnRow<typeof merchantResources.$inferInsert>;

export const replaceCustomerService = async (db: Db, merchantId: number, rows: CustomerServiceInsert[]) => {
  await db.delete(customerServiceEntries).where(eq(customerServiceEntries.merchantId, merchantId));
  if (rows.length) await db.insert(customerServiceEntries).values(rows.map((r) => ({ ...r, merchantId })));
};

export const replaceResources = async (db: Db, merchantId: number, rows: ResourceInsert[]) => {
  await db.delete(merchantResources).where(eq(merchantResources.merchantId, merchantId));
  if (rows.length) await db.insert(merchantResources).values(rows.map((r) => ({ ...r, merchantId })));
};

export const anyMerchant = async (db: Db): Promise<boolean> =>
  (await db.select({ id: merchants.id }).from(merchants).limit(1)).length > 0;
