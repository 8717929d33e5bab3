import { createHash } from 'node:crypto';
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, type UPLOAD_PURPOSES } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import * as data from './data.ts';

export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** What the bytes are, whatever the request claims: PNG and JPEG by their signatures. */
export const sniffImage = (bytes: Uint8Array): 'image/png' | 'image/jpeg' | null => {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
};

export interface UploadDeps {
  db: Db;
}

/**
 * Proof images (bank-transfer receipts, "not received" claims): png or jpg by their bytes, at most
 * 5 MB, stored in the database so every server instance can serve them. Other features check an
 * upload with `requireOwned` before they attach it to a record.
 */
export const createUploadService = ({ db }: UploadDeps) => ({
  async store(input: { merchantId: number; memberId: number; purpose: UploadPurpose; bytes: Buffer }) {
    if (input.bytes.length > UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, 413);
    const mime = sniffImage(input.bytes);
    if (!mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.badType, 415);
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

  /** The bytes for the member who uploaded them, or for an operator of the brand. */
  async read(merchantId: number, id: string, reader: { memberId: number } | { operator: true }) {
    const row = await data.findUpload(db, merchantId, id);
    if (!row || ('memberId' in reader && row.memberId !== reader.memberId))
      throw new AppError('NOT_FOUND', 'No such image', 404);
    return row;
  },
});

export type UploadService = ReturnType<typeof createUploadService>;
