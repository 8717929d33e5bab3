import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';

export const insertUpload = async (db: Db, values: typeof uploads.$inferInsert) => {
  const [row] = await db
    .insert(uploads)
    .values(values)
    .returning({ id: uploads.id, mime: uploads.mime, size: uploads.size });
  return row!;
};

export const findUpload = async (db: Db, merchantId: number, id: string) => {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.merchantId, merchantId), eq(uploads.id, id)))
    .limit(1);
  return row ?? null;
};

/** Metadata only, to check that an upload exists and belongs to the member before it is used. */
export const findUploadOwner = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: uploads.id, merchantId: uploads.merchantId, memberId: uploads.memberId, purpose: uploads.purpose })
    .from(uploads)
    .where(eq(uploads.id, id))
    .limit(1);
  return row ?? null;
};
