import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberIdentities } from '../../../db/schema/index.ts';

/** The member a provider account (provider, subject) is linked to in a brand, if any. */
export const findIdentity = async (db: Db, merchantId: number, provider: string, subject: string) => {
  const [found] = await db
    .select()
    .from(memberIdentities)
    .where(
      and(
        eq(memberIdentities.merchantId, merchantId),
        eq(memberIdentities.provider, provider),
        eq(memberIdentities.subject, subject),
      ),
    )
    .limit(1);
  return found ?? null;
};

export const insertIdentity = async (db: Db, values: typeof memberIdentities.$inferInsert) => {
  await db.insert(memberIdentities).values(values);
};
