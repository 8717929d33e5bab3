/** The member's image uploads live in lib/ (shared with the promotions' activity applications). */
export { checkImage, uploadImage, type UploadPurpose } from '../../../lib/api/image.ts';
