import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, many, row } from '../../db/rows.ts';
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

const Deleted = row({ id: col.text });

/**
 * Deletes the uploads made before `before` that no deposit, withdrawal, feedback or activity application refers to (decision 055):
 * images uploaded and never attached. Returns how many went.
 */
export const deleteUnattachedBefore = async (db: Db, before: Date) => {
  const rows = await many(
    db,
    Deleted,
    sql`DELETE FROM uploads u
         WHERE u.created_at < ${before.toISOString()}::timestamptz
           AND u.purpose <> 'site_image'
           AND NOT EXISTS (SELECT 1 FROM deposits d WHERE d.proof_upload_id = u.id)
           AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.proof_upload_id = u.id)
           AND NOT EXISTS (SELECT 1 FROM feedback f WHERE u.id = ANY(f.image_ids))
           AND NOT EXISTS (SELECT 1 FROM promotion_applications a WHERE u.id = ANY(a.image_ids))
        RETURNING u.id::text AS id`,
  );
  return rows.length;
};
