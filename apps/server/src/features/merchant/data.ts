import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerServiceEntries, merchantDomains, merchantResources, merchants } from '../../db/schema/index.ts';

export type MerchantRow = typeof merchants.$inferSelect;
export type MerchantInsert = typeof merchants.$inferInsert;

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

export const insertMerchant = async (db: Db, values: MerchantInsert) => {
  const [row] = await db.insert(merchants).values(values).returning();
  return row!;
};

export const updateMerchant = async (db: Db, merchantId: number, values: Partial<MerchantInsert>) => {
  await db
    .update(merchants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(merchants.id, merchantId));
};

export const insertDomains = async (db: Db, rows: (typeof merchantDomains.$inferInsert)[]) => {
  if (rows.length) await db.insert(merchantDomains).values(rows);
};
export const insertCustomerService = async (db: Db, rows: (typeof customerServiceEntries.$inferInsert)[]) => {
  if (rows.length) await db.insert(customerServiceEntries).values(rows);
};
export const insertResources = async (db: Db, rows: (typeof merchantResources.$inferInsert)[]) => {
  if (rows.length) await db.insert(merchantResources).values(rows);
};
export const countMerchants = async (db: Db) => (await db.select({ id: merchants.id }).from(merchants)).length;
