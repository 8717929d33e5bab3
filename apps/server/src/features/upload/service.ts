import { createHash } from 'node:crypto';
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, type UPLOAD_PURPOSES } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import * as data from './data.ts';

export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** An operator's image for the site (banners, logo): public, never cleaned up. */
export const SITE_IMAGE_PURPOSE = 'site_image';

/** What the bytes are, whatever the request claims: PNG and JPEG by their signatures. */
export const sniffImage = (bytes: Uint8Array): 'image/png' | 'image/jpeg' | null => {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
};

export interface UploadDeps {
  db: Db;
  limiter: RateLimiter;
  /** Images one member may upload per day (UPLOAD_DAILY_QUOTA). */
  dailyQuota: number;
}

const DAY_MS = 86_400_000;
/** An upload nothing refers to this long after it was made is deleted by the 'upload.cleanup' job. */
export const UNATTACHED_UPLOAD_MS = DAY_MS;

/**
 * Proof images (bank-transfer receipts, "not received" claims): png or jpg by their bytes, at most
 * 5 MB, stored in the database so every server instance can serve them, at most `dailyQuota` per
 * member a day (counted atomically before the image is stored). Other features check an upload
 * with `requireOwned` before they attach it to a record; one never attached is deleted after a day.
 */
export const createUploadService = ({ db, limiter, dailyQuota }: UploadDeps) => ({
  async store(input: { merchantId: number; memberId: number; purpose: UploadPurpose; bytes: Buffer }) {
    if (input.bytes.length > UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, 413);
    const mime = sniffImage(input.bytes);
    if (!mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.badType, 415);
    const quota = await limiter.hit('upload.member', String(input.memberId), { limit: dailyQuota, windowMs: DAY_MS });
    if (!quota.allowed) {
      throw new AppError('UPLOAD_QUOTA_EXCEEDED', UPLOAD_MESSAGES.quota, 429, {
        retryAfterSeconds: Math.ceil(quota.retryAfterMs / 1000),
      });
    }
    return data.insertUpload(db, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      purpose: input.purpose,
      mime,
      size: input.bytes.length,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      bytes: input.bytes,
    });
  },

  /** A site image from an operator (png or jpg by its bytes, at most 5 MB); its address is public. */
  async storeSiteImage(input: { merchantId: number; operatorId: number; bytes: Buffer }) {
    if (input.bytes.length > UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, 413);
    const mime = sniffImage(input.bytes);
    if (!mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.badType, 415);
    return data.insertUpload(db, {
      merchantId: input.merchantId,
      memberId: null,
      operatorId: input.operatorId,
      purpose: SITE_IMAGE_PURPOSE,
      mime,
      size: input.bytes.length,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      bytes: input.bytes,
    });
  },

  /** A site image of the brand, for anyone; any other upload is not found. */
  async readSiteImage(merchantId: number, id: string) {
    const row = await data.findUpload(db, merchantId, id);
    if (!row || row.purpose !== SITE_IMAGE_PURPOSE) throw new AppError('NOT_FOUND', 'No such image', 404);
    return row;
  },

  /** The upload, if it is the member's own (else 400 on the named field: nothing is attached). */
  async requireOwned(
    merchantId: number,
    memberId: number,
    id: string,
    purpose: UploadPurpose,
    field = 'proofUploadId',
  ) {
    const row = await data.findUploadOwner(db, id);
    if (!row || row.merchantId !== merchantId || row.memberId !== memberId || row.purpose !== purpose) {
      throw new AppError('UPLOAD_NOT_FOUND', 'Upload the image again', 400, null, {
        [field]: 'Upload the image again',
      });
    }
    return row;
  },

  /** Deletes the uploads older than a day that nothing refers to; run by the 'upload.cleanup' job. */
  deleteUnattached(tx: Db, now: Date) {
    return data.deleteUnattachedBefore(tx, new Date(now.getTime() - UNATTACHED_UPLOAD_MS));
  },

  /** The bytes for the member who uploaded them, or for an operator of the brand. */
  async read(merchantId: number, id: string, reader: { memberId: number } | { operator: true }) {
    const row = await data.findUpload(db, merchantId, id);
    if (!row || ('memberId' in reader && row.memberId !== reader.memberId))
      throw new AppError('NOT_FOUND', 'No such image', 404);
    return row;
  },
});

export type UploadService = ReturnType<typeof createUploadService>;
