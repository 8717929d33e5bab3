import { UPLOAD_MAX_BYTES, type UPLOAD_PURPOSES, uploadEndpoints } from '@app/contract';
import { uploadFile } from './binary.ts';
import { memberApi } from './member.ts';

export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Checks a file before sending it: png or jpg (by its first bytes), at most 5 MB (spec §5, §8). */
export const checkImage = async (file: File): Promise<'tooLarge' | 'badType' | null> => {
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b);
  const jpg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  return png || jpg ? null : 'badType';
};

/**
 * POST /wps/v2/uploads?purpose= — the image's bytes as the body (not JSON). Answers the upload id
 * to attach to a deposit or withdrawal receipt, a feedback or an activity application.
 */
export const uploadImage = (file: File, purpose: UploadPurpose) =>
  uploadFile(memberApi, uploadEndpoints.create, file, { query: { purpose } });
